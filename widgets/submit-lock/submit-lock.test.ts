import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/dom';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import { createTestContext } from '../../test/island-context.ts';
import { LOCKED_LABEL } from './buttons.ts';
import { FALLBACK_MARGIN_MS, mount } from './index.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

const submitButtons = () => [
  screen.getByRole('button', { name: 'Search' }),
  screen.getByRole('button', { name: /Ask a question/ }),
  screen.getByRole('button', { name: 'Submit' }),
  screen.getByRole('button', { name: 'Send the question' }),
];
/** What a button reads, leaving out aria-hidden icons. */
function labelOf(button: HTMLElement) {
  if (button instanceof HTMLInputElement) return button.getAttribute('value');
  const copy = button.cloneNode(true) as HTMLElement;
  for (const icon of copy.querySelectorAll('[aria-hidden="true"]')) icon.remove();
  return copy.textContent?.trim();
}
const form = (selector: string) => document.querySelector(selector) as HTMLFormElement;

let mounted: { abort(): void } | undefined;

function render(config = {}) {
  document.body.innerHTML = markup;
  const buttons = submitButtons();
  const labels = buttons.map(labelOf);
  const ctx = createTestContext('submit-lock', config);
  const dispose = mount(document.documentElement, ctx);
  mounted = ctx;
  return { buttons, labels, ctx, dispose };
}

/** Submits as the browser does; `inPage` stands for a handler (the donors search) that prevents navigation. */
function submit(target: HTMLFormElement, options: { submitter?: HTMLElement; inPage?: boolean } = {}) {
  if (options.inPage) target.addEventListener('submit', (event) => event.preventDefault(), { once: true });
  const event = new SubmitEvent('submit', {
    bubbles: true,
    cancelable: true,
    submitter: options.submitter ?? null,
  });
  target.dispatchEvent(event);
  vi.advanceTimersByTime(0);
}

const expectLocked = (buttons: HTMLElement[]) => {
  for (const button of buttons) {
    expect(button).toBeDisabled();
    expect(labelOf(button)).toBe(LOCKED_LABEL);
  }
};
const expectReleased = (buttons: HTMLElement[], labels: unknown[]) => {
  buttons.forEach((button, index) => {
    expect(button).toBeEnabled();
    expect(labelOf(button)).toBe(labels[index]);
  });
};

describe('submit-lock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    mounted?.abort();
    vi.useRealTimers();
  });

  it.each([
    ['the search form', '.search-form'],
    ['the contact form', '#submit-lock-contact'],
  ])('locks every submit button on the page when %s submits', (_, selector) => {
    const { buttons } = render();
    submit(form(selector));
    expectLocked(buttons);
  });

  it('reads the site’s translation of "one moment..." from the page config', () => {
    const { buttons, labels } = render({ texts: { 'submit-lock': { busy: 'un instant…' } } });
    submit(form('.search-form'), { inPage: true });
    expect(buttons.map(labelOf)).toEqual(buttons.map(() => 'un instant…'));
    document.dispatchEvent(new Event(SUBMIT_LOCK_RELEASE_EVENT));
    expectReleased(buttons, labels);
  });

  it('waits one task before locking a real submission, so the submitter is still sent as it was', () => {
    const { buttons } = render();
    const event = new SubmitEvent('submit', {
      bubbles: true,
      cancelable: true,
      submitter: buttons[0] ?? null,
    });
    form('.search-form').dispatchEvent(event);
    expect(buttons[0]).toBeEnabled();
    expect(buttons[0]).toHaveAttribute('value', 'Search');
    vi.advanceTimersByTime(0);
    expectLocked(buttons);
  });

  it('locks an in-page submission at once and releases on the release event', () => {
    const { buttons, labels } = render();
    form('#submit-lock-contact').addEventListener('submit', (event) => event.preventDefault());
    form('#submit-lock-contact').requestSubmit();
    expectLocked(buttons);
    document.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
    expectReleased(buttons, labels);
  });

  describe("after a submit handled in the page (a page builder's AJAX form) that never announces its end", () => {
    const edit = (control: Element, type: 'input' | 'change') =>
      control.dispatchEvent(new Event(type, { bubbles: true }));

    it.each([
      ['typing (input)', 'input'],
      ['a changed choice (change)', 'change'],
    ] as const)('%s in that form releases, so the visitor can correct it and send it again', (_, type) => {
      const { buttons, labels } = render();
      submit(form('#submit-lock-contact'), { inPage: true });
      expectLocked(buttons);
      edit(screen.getByRole('textbox', { name: 'Topic' }), type);
      expectReleased(buttons, labels);
    });

    it('an edit on a control tied to that form with form="…" releases', () => {
      const { buttons, labels } = render();
      const outside = document.createElement('input');
      outside.setAttribute('form', 'submit-lock-contact');
      document.body.append(outside);
      submit(form('#submit-lock-contact'), { inPage: true });
      edit(outside, 'input');
      expectReleased(buttons, labels);
    });

    it('an edit in another form does not release', () => {
      const { buttons } = render();
      submit(form('#submit-lock-contact'), { inPage: true });
      edit(screen.getByRole('searchbox'), 'input');
      edit(screen.getByRole('searchbox'), 'change');
      expectLocked(buttons);
    });

    it('an edit in a form the browser really submits does not release: that page is leaving', () => {
      const { buttons } = render();
      submit(form('#submit-lock-contact'));
      edit(screen.getByRole('textbox', { name: 'Topic' }), 'input');
      expectLocked(buttons);
    });

    it('once released, a later edit does nothing to the next lock of a really submitted form', () => {
      const { buttons } = render();
      submit(form('#submit-lock-contact'), { inPage: true });
      edit(screen.getByRole('textbox', { name: 'Topic' }), 'input');
      submit(form('#submit-lock-contact'));
      edit(screen.getByRole('textbox', { name: 'Topic' }), 'input');
      expectLocked(buttons);
    });
  });

  it.each([
    ['persisted (a back/forward cache return) releases', true],
    ['not persisted (a fresh load) changes nothing', false],
  ])('pageshow %s', (_, persisted) => {
    const { buttons, labels } = render();
    submit(form('.search-form'));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
    if (persisted) expectReleased(buttons, labels);
    else expectLocked(buttons);
  });

  it('gives focus back to the button that lost it to the lock', () => {
    const { buttons } = render();
    const button = buttons[3] as HTMLButtonElement;
    button.focus();
    submit(form('#submit-lock-contact'), { inPage: true, submitter: button });
    button.blur(); // what a browser does to a focused button that becomes disabled
    document.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
    expect(button).toHaveFocus();
  });

  it('leaves focus where the visitor moved it during the lock', () => {
    const { buttons } = render();
    (buttons[3] as HTMLButtonElement).focus();
    submit(form('#submit-lock-contact'), { inPage: true });
    screen.getByRole('searchbox').focus();
    document.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('remembers the labels from before the first submit when a second form submits during the lock', () => {
    const { buttons, labels } = render();
    submit(form('.search-form'), { inPage: true });
    submit(form('#submit-lock-contact'), { inPage: true });
    document.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
    expectReleased(buttons, labels);
  });

  it('releases on its own after requestTimeoutMs + the margin, so the page never stays dead', () => {
    const { buttons, labels } = render({ requestTimeoutMs: 1000 });
    submit(form('.search-form'), { inPage: true });
    vi.advanceTimersByTime(1000 + FALLBACK_MARGIN_MS - 1);
    expectLocked(buttons);
    vi.advanceTimersByTime(1);
    expectReleased(buttons, labels);
  });

  it.each([
    ['method="dialog"', 'method', 'dialog'],
    ['target="_blank"', 'target', '_blank'],
    ['a named target window', 'target', 'receipt'],
  ])('locks nothing for a form with %s, which leaves this page in place', (_, name, value) => {
    const { buttons, labels } = render();
    form('.search-form').setAttribute(name, value);
    submit(form('.search-form'));
    expectReleased(buttons, labels);
  });

  it('follows the submitter: formtarget="_self" on a button overrides target="_blank" on its form', () => {
    const { buttons } = render();
    form('.search-form').setAttribute('target', '_blank');
    buttons[0]?.setAttribute('formtarget', '_self');
    submit(form('.search-form'), { submitter: buttons[0] as HTMLElement });
    expectLocked(buttons);
  });

  it('releases everything and stops listening on dispose', () => {
    const { buttons, labels, ctx, dispose } = render();
    submit(form('.search-form'));
    ctx.abort();
    dispose();
    expectReleased(buttons, labels);
    submit(form('.search-form'));
    expectReleased(buttons, labels);
  });
});
