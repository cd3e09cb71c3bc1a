import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { runDonationManagerScripts } from '../../test/donation-manager-stand-in.ts';
import { createTestContext } from '../../test/island-context.ts';
import { mount } from './index.ts';
import { SLIDE_MS } from './slide.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

function render(copies = 1) {
  // Pasted as it is, as often as asked: the snippet must hold no id that a second copy would duplicate
  // but the first trigger's id="show-priority", which nothing points at.
  document.body.innerHTML = Array.from({ length: copies }, () => markup).join('');
  const hosts = Array.from(document.querySelectorAll('[data-island="priority-alert"]'));
  const ctx = createTestContext('priority-alert');
  const disposers = hosts.map((host) => mount(host, ctx));
  return { hosts, ctx, disposers, user: userEvent.setup() };
}

const parts = (host: Element) => ({
  alert: host.querySelector('.priority-alert') as HTMLElement,
  note: host.querySelector('.priority-note') as HTMLElement,
  trigger: within(host as HTMLElement).getByRole('link', { name: 'Read the priority note' }),
});

describe('priority-alert', () => {
  it('starts with the alert shown, the note hidden and the trigger pointing at the note', () => {
    const { hosts } = render();
    const { alert, note, trigger } = parts(hosts[0] as Element);
    expect(alert).toBeVisible();
    expect(note).not.toBeVisible();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-controls', 'priority-note');
  });

  it('opens the note on click, hides the alert and moves focus into the note', async () => {
    const { hosts, user } = render();
    const { alert, note, trigger } = parts(hosts[0] as Element);
    await user.click(trigger);
    expect(alert).not.toBeVisible();
    expect(note).toBeVisible();
    expect(note).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('never follows href="#": the click default is prevented', () => {
    const { hosts } = render();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    parts(hosts[0] as Element).trigger.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it.each([
    [
      'the dismiss button',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button')),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('closes the note with %s and gives focus back to the trigger', async (_, close) => {
    const { hosts, user } = render();
    const { alert, note, trigger } = parts(hosts[0] as Element);
    await user.click(trigger);
    await close(user);
    expect(alert).toBeVisible();
    expect(note).not.toBeVisible();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('works by keyboard alone: Tab to the trigger, Enter opens, Tab reaches dismiss, Enter closes', async () => {
    const { hosts, user } = render();
    const { note, trigger } = parts(hosts[0] as Element);
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(note).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss the note' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(note).not.toBeVisible();
    expect(trigger).toHaveFocus();
  });

  it('keeps several wrappers on one page independent, each note with its own id', async () => {
    const { hosts, user } = render(2);
    const [first, second] = hosts.map((host) => parts(host));
    await user.click(second?.trigger as HTMLElement);
    expect(second?.note).toBeVisible();
    expect(first?.note).not.toBeVisible();
    expect(first?.alert).toBeVisible();
  });

  it('points each trigger at the note in its own wrapper when the snippet is pasted three times', () => {
    const { hosts } = render(3);
    const ids = hosts.map((host) => {
      const { note, trigger } = parts(host);
      const controlled = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
      expect(controlled).toBe(note);
      return note.id;
    });
    expect(ids).toEqual(['priority-note', 'priority-note-2', 'priority-note-3']);
  });

  it('numbers the notes and the copied show-priority ids in page order, whichever copy mounts first', () => {
    document.body.innerHTML = markup + markup;
    const hosts = Array.from(document.querySelectorAll('[data-island="priority-alert"]'));
    for (const host of [...hosts].reverse()) mount(host, createTestContext('priority-alert'));
    expect(hosts.map((host) => parts(host).note.id)).toEqual(['priority-note', 'priority-note-2']);
    expect(hosts.map((host) => parts(host).trigger.id)).toEqual(['show-priority', 'show-priority-2']);
  });

  it('wires every trigger of a wrapper, and gives focus back to the one that opened the note', async () => {
    document.body.innerHTML = markup.replace(
      '<div class="priority-note"',
      '<button type="button" data-priority-open>Open the note</button><div class="priority-note"',
    );
    const host = document.querySelector('[data-island="priority-alert"]') as Element;
    mount(host, createTestContext('priority-alert'));
    const user = userEvent.setup();
    const second = screen.getByRole('button', { name: 'Open the note' });
    expect(second).toHaveAttribute('aria-controls', 'priority-note');
    await user.click(second);
    expect(host.querySelector('.priority-note')).toBeVisible();
    expect(host.querySelector('#show-priority')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives a note an id no other element of the page has, and keeps one the site gave it', () => {
    document.body.innerHTML = `<p id="priority-note"></p><p id="priority-note-2"></p>${markup}`;
    const host = document.querySelector('[data-island="priority-alert"]') as Element;
    mount(host, createTestContext('priority-alert'));
    expect(parts(host).note.id).toBe('priority-note-3');
    document.body.innerHTML = markup.replace('class="priority-note"', 'class="priority-note" id="site-note"');
    const own = document.querySelector('[data-island="priority-alert"]') as Element;
    mount(own, createTestContext('priority-alert'));
    expect(parts(own).trigger).toHaveAttribute('aria-controls', 'site-note');
  });

  it('names the missing part when the markup is incomplete', () => {
    document.body.innerHTML = '<div data-island="priority-alert"><div class="priority-alert"></div></div>';
    const host = document.body.firstElementChild as Element;
    expect(() => mount(host, createTestContext('priority-alert'))).toThrow(
      '.priority-note is missing inside [data-island="priority-alert"]',
    );
  });

  it('puts attributes and visibility back and stops listening on dispose', async () => {
    const { hosts, ctx, disposers, user } = render();
    const { note, trigger } = parts(hosts[0] as Element);
    await user.click(trigger);
    ctx.abort();
    disposers[0]?.();
    expect(note).not.toBeVisible();
    expect(note).not.toHaveAttribute('tabindex');
    expect(trigger).not.toHaveAttribute('aria-expanded');
    expect(trigger).not.toHaveAttribute('aria-controls');
    await user.click(trigger);
    expect(note).not.toBeVisible();
  });

  it("keeps Donation Manager's scripts.js, bound on the snippet's #show-priority, from sliding it a second time", async () => {
    document.body.innerHTML = markup;
    const { jQuery, remove } = await runDonationManagerScripts();
    try {
      const host = document.querySelector('[data-island="priority-alert"]') as Element;
      mount(host, createTestContext('priority-alert'));
      const { alert, note, trigger } = parts(host);
      await userEvent.setup().click(trigger);
      expect(note).toBeVisible();
      expect(alert).not.toBeVisible();
      // jQuery's slides leave an inline display on what they move.
      expect([alert.getAttribute('style'), note.getAttribute('style')]).toEqual([null, null]);
      expect(jQuery.timers).toEqual([]);
    } finally {
      remove();
    }
  });

  describe('slide', () => {
    let animate: ReturnType<typeof vi.fn>;
    const finishers: (() => void)[] = [];

    function stubMotion(reduce: boolean) {
      animate = vi.fn(() => {
        const animation = { cancel: vi.fn(), onfinish: null as null | (() => void) };
        finishers.push(() => animation.onfinish?.());
        return animation;
      });
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
      HTMLElement.prototype.animate = animate as unknown as HTMLElement['animate'];
    }

    afterEach(() => {
      Reflect.deleteProperty(HTMLElement.prototype, 'animate');
      vi.unstubAllGlobals();
      finishers.length = 0;
    });

    it('slides the alert up and the note down, then hides the alert when the slide ends', async () => {
      stubMotion(false);
      const { hosts, user } = render();
      const { alert, note, trigger } = parts(hosts[0] as Element);
      await user.click(trigger);
      expect(animate).toHaveBeenCalledTimes(2);
      expect(animate.mock.calls[0]?.[1]).toMatchObject({ duration: SLIDE_MS });
      expect(alert).toBeVisible();
      for (const finish of finishers) finish();
      expect(alert).not.toBeVisible();
      expect(note).toBeVisible();
    });

    it('does not animate at all when the visitor prefers reduced motion', async () => {
      stubMotion(true);
      const { hosts, user } = render();
      const { alert, note, trigger } = parts(hosts[0] as Element);
      await user.click(trigger);
      expect(animate).not.toHaveBeenCalled();
      expect(alert).not.toBeVisible();
      expect(note).toBeVisible();
    });
  });
});
