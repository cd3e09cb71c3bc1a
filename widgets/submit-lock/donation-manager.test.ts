import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import { donationManagerMarkup, runDonationManagerScripts } from '../../test/donation-manager-stand-in.ts';
import { createTestContext } from '../../test/island-context.ts';
import { mount } from './index.ts';

/** A button as the visitor and the page's styles see it. */
const look = (button: HTMLButtonElement) => ({
  label: button.textContent?.trim(),
  disabled: button.disabled,
  className: button.className,
});

const OURS = 'un instant…';
const cleanUp: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanUp.splice(0)) clean();
});

/** A step of Donation Manager as it prints it, with its scripts.js and, unless `island` is false, the submit lock. */
async function render(file: string, island = true) {
  document.body.innerHTML = donationManagerMarkup(file);
  const scripts = await runDonationManagerScripts();
  cleanUp.push(scripts.remove);
  if (island) {
    // The site's own words for the lock, so that a test sees when the island's lock, not the original's, holds.
    const ctx = createTestContext('submit-lock', { texts: { 'submit-lock': { busy: OURS } } });
    const dispose = mount(document.documentElement, ctx);
    cleanUp.push(() => {
      ctx.abort();
      dispose();
    });
  }
  const form = document.querySelector('form') as HTMLFormElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  return { form, button, printed: look(button), children: [...button.childNodes] };
}

/** Submits as the browser does when the donor presses the button; `inPage` stands for a handler that keeps the page. */
function submit(form: HTMLFormElement, button: HTMLButtonElement, inPage = false) {
  if (inPage) form.addEventListener('submit', (event) => event.preventDefault(), { once: true });
  button.focus();
  form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button }));
}

const backFromTheCache = () => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

describe("submit-lock with Donation Manager's scripts.js on its steps", () => {
  const LOCKED = { label: 'one moment...', disabled: true };
  const OURS_LOCKED = { label: OURS, disabled: true };

  it('the stand-in alone locks the button for good, a return from the back/forward cache included (the oracle)', async () => {
    const { form, button } = await render('screening-questions.html', false);
    submit(form, button);
    expect(look(button)).toEqual({ ...LOCKED, className: expect.stringMatching(/ disabled$/) });
    backFromTheCache();
    expect(look(button)).toMatchObject(LOCKED);
  });

  it.each([
    ['the pick-up dates step', 'alert.html'],
    ['the screening step', 'screening-questions.html'],
  ])(
    'on %s, a return from the back/forward cache gives the button back as printed, its own nodes and focus',
    async (_, file) => {
      const { form, button, printed, children } = await render(file);
      submit(form, button);
      await vi.waitFor(() => expect(look(button)).toMatchObject(OURS_LOCKED));
      backFromTheCache();
      expect(look(button)).toEqual(printed);
      expect([...button.childNodes]).toEqual(children);
      expect(button).not.toHaveAttribute('disabled');
      expect(button).toHaveFocus();
    },
  );

  it('after a submit handled in the page, its end gives the button back as printed', async () => {
    const { form, button, printed } = await render('screening-questions.html');
    // The page's timers from here on, after jQuery's ready (which runs on them) has run.
    vi.useFakeTimers();
    cleanUp.push(() => vi.useRealTimers());
    const lockedFor = vi.fn();
    // After the original's handler and the island's, which the document had first.
    document.addEventListener('submit', () => lockedFor(look(button)), { once: true });
    submit(form, button, true);
    // Locked as the submit runs: the island's label over the original's.
    expect(lockedFor).toHaveBeenCalledWith({
      ...OURS_LOCKED,
      className: expect.stringMatching(/ disabled$/),
    });
    // What the original did is taken over once the submit's handlers have all run, at the next task.
    vi.advanceTimersToNextTimer();
    document.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
    expect(look(button)).toEqual(printed);
  });

  it('ends as printed when the island listened before the original did (its code came before jQuery was ready)', async () => {
    document.body.innerHTML = donationManagerMarkup('screening-questions.html');
    const ctx = createTestContext('submit-lock', { texts: { 'submit-lock': { busy: OURS } } });
    const dispose = mount(document.documentElement, ctx);
    cleanUp.push(() => {
      ctx.abort();
      dispose();
    });
    cleanUp.push((await runDonationManagerScripts()).remove);
    const form = document.querySelector('form') as HTMLFormElement;
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    const printed = look(button);
    vi.useFakeTimers();
    cleanUp.push(() => vi.useRealTimers());
    submit(form, button, true);
    expect(look(button)).toMatchObject(LOCKED);
    vi.advanceTimersToNextTimer();
    document.dispatchEvent(new CustomEvent(SUBMIT_LOCK_RELEASE_EVENT));
    expect(look(button)).toEqual(printed);
  });

  it('gives back at once what the original locked for a form that leaves the page in place', async () => {
    const { form, button, printed } = await render('screening-questions.html');
    form.target = '_blank';
    vi.useFakeTimers();
    cleanUp.push(() => vi.useRealTimers());
    submit(form, button);
    expect(look(button)).toMatchObject(LOCKED);
    vi.advanceTimersToNextTimer();
    expect(look(button)).toEqual(printed);
  });

  it('leaves a button that another script changed again during the lock to that script', async () => {
    const { form, button } = await render('screening-questions.html');
    submit(form, button);
    await vi.waitFor(() => expect(look(button)).toMatchObject(OURS_LOCKED));
    button.textContent = 'Sent';
    button.className = 'sent';
    backFromTheCache();
    expect(look(button)).toEqual({ label: 'Sent', disabled: true, className: 'sent' });
  });
});
