import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { donationManagerMarkup, runDonationManagerScripts } from '../../test/donation-manager-stand-in.ts';
import { createTestContext } from '../../test/island-context.ts';
import { ISLANDS } from '../islands.js';
import { mount } from './index.ts';

const entry = ISLANDS.find(({ name }) => name === 'priority-alert');
const selector = entry && 'selector' in entry.host ? entry.host.selector : '';
const page = donationManagerMarkup('alert.html');

/** The pick-up dates step as Donation Manager prints it, its priority alert mounted as the loader finds it. */
function render(markup = page) {
  document.body.innerHTML = markup;
  const hosts = [...document.querySelectorAll(selector)];
  const ctx = createTestContext('priority-alert');
  const disposers = hosts.map((host) => mount(host, ctx));
  const dispose = () => {
    for (const dispose of disposers) dispose();
  };
  return { hosts, ctx, dispose, user: userEvent.setup() };
}

const parts = () => ({
  alert: document.querySelector('.priority-alert') as HTMLElement,
  note: document.querySelector('.priority-note') as HTMLElement,
  trigger: screen.getByRole('link', { name: 'Click for details →', hidden: true }),
  dismiss: screen.getByRole('button', { name: 'Dismiss alert', hidden: true }),
});

describe("priority-alert on Donation Manager's markup (get_alert() on the pick-up dates step)", () => {
  it('is found by the manifest once, as the alert itself, with no attribute added', () => {
    const { hosts } = render();
    expect(hosts).toEqual([parts().alert]);
    expect(document.querySelectorAll('[data-island]')).toHaveLength(0);
  });

  it('starts with the alert shown, the note hidden by its class and the link pointing at the note', () => {
    render();
    const { alert, note, trigger } = parts();
    expect(alert).toBeVisible();
    expect(note).not.toBeVisible();
    expect(note).toHaveClass('elementor-alert-hidden');
    expect(trigger).toHaveAttribute('aria-controls', 'priority-note');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(note.id).toBe('priority-note');
  });

  it('opens the note from #show-priority, moving focus into it, and the dismiss button closes it', async () => {
    const { user } = render();
    const { alert, note, trigger, dismiss } = parts();
    await user.click(trigger);
    expect(alert).not.toBeVisible();
    expect(note).toBeVisible();
    expect(note).not.toHaveClass('elementor-alert-hidden');
    expect(note).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(dismiss);
    expect(alert).toBeVisible();
    expect(note).not.toBeVisible();
    expect(note).toHaveClass('elementor-alert-hidden');
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it("works by keyboard: Enter on the link opens, Tab reaches the note's links, Escape closes", async () => {
    const { user } = render();
    const { note, trigger } = parts();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(note).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /Click here for Priority Pick Up/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(note).not.toBeVisible();
    expect(trigger).toHaveFocus();
  });

  it('never follows href="#" and keeps the form from seeing the click', () => {
    render();
    const seen = vi.fn();
    document.querySelector('form')?.addEventListener('click', seen);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    parts().trigger.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();
  });

  it('shows and hides a note hidden by an inline display: none, and puts it back on dispose', async () => {
    const { user, dispose } = render(
      page.replace(
        'elementor-alert-hidden priority-note" role="alert"',
        'priority-note" role="alert" style="display: none;"',
      ),
    );
    const { alert, note, trigger, dismiss } = parts();
    expect(note).not.toBeVisible();
    await user.click(trigger);
    expect(note).toBeVisible();
    expect(alert).not.toBeVisible();
    await user.click(dismiss);
    expect(note).not.toBeVisible();
    await user.click(trigger);
    dispose();
    expect(note).toHaveAttribute('style', 'display: none;');
    expect(note).not.toHaveAttribute('hidden');
    expect(note.className).toBe(
      'elementor-alert elementor-widget elementor-alert-warning large-title priority-note',
    );
    expect(alert).toBeVisible();
  });

  it('puts back every attribute it changed on dispose, even with the note open, and stops listening', async () => {
    const printedParts = () =>
      [...document.querySelectorAll('.priority-alert, .priority-note, #show-priority')].map(
        (el) => el.outerHTML,
      );
    document.body.innerHTML = page;
    const printed = printedParts();
    const { ctx, dispose, user } = render();
    await user.click(parts().trigger);
    ctx.abort();
    dispose();
    expect(printedParts()).toEqual(printed);
    await user.click(parts().trigger);
    expect(parts().note).not.toBeVisible();
  });

  it('numbers the ids of a second copy in page order, each link opening its own note', async () => {
    const { hosts, user } = render(page + page);
    const notes = [...document.querySelectorAll<HTMLElement>('.priority-note')];
    const links = hosts.map((host) => host.querySelector('a') as HTMLElement);
    expect(links.map((link) => [link.id, link.getAttribute('aria-controls')])).toEqual([
      ['show-priority', 'priority-note'],
      ['show-priority-2', 'priority-note-2'],
    ]);
    expect(notes.map((note) => note.id)).toEqual(['priority-note', 'priority-note-2']);
    await user.click(links[1] as HTMLElement);
    expect(notes.map((note) => note.hidden)).toEqual([true, false]);
  });

  it('names what is missing when the note does not follow the alert', () => {
    document.body.innerHTML = page.replace(/<div class="[^"]*priority-note"[\s\S]*$/, '');
    const alert = document.querySelector('.priority-alert') as Element;
    expect(() => mount(alert, createTestContext('priority-alert'))).toThrow(
      'no .priority-note follows .elementor-alert.priority-alert',
    );
  });

  describe("with Donation Manager's scripts.js on the page", () => {
    let remove = () => {};
    afterEach(() => remove());

    it('the stand-in alone opens and closes the note by its own slides (what the island must keep it from)', async () => {
      document.body.innerHTML = page;
      ({ remove } = await runDonationManagerScripts());
      const user = userEvent.setup();
      const { alert, note, trigger, dismiss } = parts();
      await user.click(trigger);
      expect(note).toBeVisible();
      expect(alert.style.display).toBe('none');
      await user.click(dismiss);
      expect(note.style.display).toBe('none');
    });

    it('keeps the note open that the original opened before the island arrived, and closes it itself', async () => {
      document.body.innerHTML = page;
      const scripts = await runDonationManagerScripts();
      remove = scripts.remove;
      const user = userEvent.setup();
      await user.click(parts().trigger);
      const { alert, note, trigger, dismiss } = parts();
      expect(note).toBeVisible();
      mount(alert, createTestContext('priority-alert'));
      expect(note).toBeVisible();
      expect(alert).not.toBeVisible();
      expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await user.click(dismiss);
      expect(note).not.toBeVisible();
      expect(alert).toBeVisible();
      expect(trigger).toHaveFocus();
      expect([alert.getAttribute('style'), note.getAttribute('style')]).toEqual(['', '']);
      expect(scripts.jQuery.timers).toEqual([]);
    });

    it('opens and closes the note once: the original handlers never run', async () => {
      document.body.innerHTML = page;
      const scripts = await runDonationManagerScripts();
      remove = scripts.remove;
      const { user } = render(undefined);
      const { alert, note, trigger, dismiss } = parts();
      await user.click(trigger);
      expect(note).toBeVisible();
      expect(alert).not.toBeVisible();
      expect(note).toHaveFocus();
      // jQuery's slides set an inline display on every element they touch, and queue their steps.
      expect([alert.getAttribute('style'), note.getAttribute('style')]).toEqual([null, null]);
      await user.click(dismiss);
      expect(note).not.toBeVisible();
      expect(alert).toBeVisible();
      expect([alert.getAttribute('style'), note.getAttribute('style')]).toEqual([null, null]);
      expect(scripts.jQuery.timers).toEqual([]);
    });
  });
});
