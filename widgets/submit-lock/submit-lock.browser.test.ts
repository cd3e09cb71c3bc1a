import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import type { FrontDoor } from '../../test/engines/front-door.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import {
  axeViolations,
  buttonStates,
  CONTENT_BUTTONS,
  sendButtonStatesOnLeave,
} from '../../test/page-helpers.ts';

/**
 * Sends the buttons to the front door's notes as the page leaves. Reading them at `pagehide` is the only
 * reliable look at a page mid-submit in every engine: a driver holding a navigation may not evaluate in
 * the old page any more, and Firefox may not carry sessionStorage written then to the next page.
 */
const keepButtonsOnLeave = (page: EnginePage) => sendButtonStatesOnLeave(page, '/__harness/note');
/** The buttons as the page left, once the note sent after the first `notesBefore` has arrived. */
const buttonsOnLeave = async ({ notes }: FrontDoor, notesBefore: number): Promise<string[]> => {
  await expect.poll(() => notes.length).toBeGreaterThan(notesBefore);
  return JSON.parse(notes[notesBefore] ?? '[]');
};
const locked = (labels: string[]) => labels.filter((label) => label === 'one moment...|disabled').length;

/** The submit lock shows nothing until a submit: it is ready once it listens for submits on the document. */
const submitLockReady = (page: EnginePage) =>
  page.waitFor(() => (window as { __harnessListening?: string[] }).__harnessListening?.includes('submit'));

/** Makes the demo's contact form one whose submit is handled in the page, as an in-page form's would be. */
const handleContactInPage = (page: EnginePage) =>
  page.evaluate(() => {
    document
      .querySelector('#submit-lock-contact')
      ?.addEventListener('submit', (event) => event.preventDefault());
  });

const SEARCH = '.search-form input[type=submit]';
const SEND_QUESTION = 'button[form="submit-lock-contact"]';

const demoLabels = [
  'Search|enabled',
  'Ask a question|enabled',
  '(default)|enabled',
  'Add an attachment|enabled',
  'Send the question|enabled',
];

describeEngines('submit-lock', (suite) => {
  async function openDemo() {
    const page = await suite.open('/islands/submit-lock/');
    await submitLockReady(page);
    await keepButtonsOnLeave(page);
    return page;
  }

  it('locks every submit button while the browser submits, and leaves other buttons alone', async () => {
    const page = await openDemo();
    expect(await buttonStates(page)).toEqual(demoLabels);
    const notes = suite.door.notes.length;
    await page.click(SEARCH);
    await page.waitForUrl(/\?s=furniture/);
    const onLeave = await buttonsOnLeave(suite.door, notes);
    expect(locked(onLeave)).toBe(4);
    expect(onLeave).toContain('Add an attachment|enabled');
    expect(await page.problems()).toEqual([]);
  });

  it("still sends the submitter's own name and value", async () => {
    const page = await openDemo();
    const notes = suite.door.notes.length;
    await page.click('input[name=quick]');
    await page.waitForUrl(/\/about\//);
    // A submit input with no value sends the engine's own default label, and Firefox's differs.
    const defaultLabel = page.engine === 'firefox' ? 'Submit Query' : 'Submit';
    expect(new URL(await page.url()).searchParams.get('quick')).toBe(defaultLabel);
    expect(locked(await buttonsOnLeave(suite.door, notes))).toBe(4);
  });

  it('gives every button back its label when an in-page form announces its end, and focus to the button that had it', async () => {
    const page = await openDemo();
    // Stands in for the donors search: it handles the submit in the page, then announces the end.
    await handleContactInPage(page);
    await page.focus(SEND_QUESTION);
    await page.press('Enter');
    expect(locked(await buttonStates(page))).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() =>
      document.dispatchEvent(new CustomEvent('donation-widgets:submit-lock-release')),
    );
    expect(await buttonStates(page)).toEqual(demoLabels);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send the question');
  });

  it('after an in-page submit that never announces its end (Contact Form 7), typing in that form gives the buttons back', async () => {
    const page = await openDemo();
    // Stands in for a page builder's AJAX form: it handles the submit, shows a validation error, and stops.
    await handleContactInPage(page);
    await page.click(SEND_QUESTION);
    expect(locked(await buttonStates(page))).toBe(4);
    await page.fill('#submit-lock-search', 'sofa');
    expect(locked(await buttonStates(page))).toBe(4);
    await page.type('#submit-lock-topic', 's');
    expect(await buttonStates(page)).toEqual(demoLabels);
    expect(await page.problems()).toEqual([]);
  });

  // Two page loads with the donors search and a return: more than the default on a loaded machine.
  it('after a real submit and the back button, every button on the home page is usable with its own label', {
    timeout: 60_000,
  }, async () => {
    const page = await suite.open('/');
    await submitLockReady(page);
    await page.waitFor(() => document.querySelector('#donors-in-your-area button[type=submit]'));
    await keepButtonsOnLeave(page);
    const before = await buttonStates(page);
    expect(before).toEqual(expect.arrayContaining(['Search|enabled', 'Send my answers|enabled']));

    const isSubmit = await page.evaluate(
      (selector) =>
        Array.from(
          document.querySelectorAll<HTMLButtonElement | HTMLInputElement>(selector),
          (button) => button.type === 'submit',
        ),
      CONTENT_BUTTONS,
    );
    const notes = suite.door.notes.length;
    await page.click('button[name=screening_submit]');
    await page.waitForUrl(/\/thank-you\//);
    // Only submit buttons are locked: the note's Dismiss and the table's sort buttons are type="button".
    expect(await buttonsOnLeave(suite.door, notes)).toEqual(
      before.map((label, i) => (isSubmit[i] ? 'one moment...|disabled' : label)),
    );

    await page.back();
    await page.waitForUrl(/\/$/);
    // Every engine here keeps the page in its back/forward cache: the lock's pageshow handler, not a
    // fresh load, must give the buttons back. A fresh load would show `loaded` here.
    await page.waitFor(() => (window as { __harnessShows?: string[] }).__harnessShows?.length === 2);
    expect(await page.evaluate(() => (window as { __harnessShows?: string[] }).__harnessShows)).toEqual([
      'loaded',
      'restored',
    ]);
    await expect.poll(() => buttonStates(page)).toEqual(before);
    // Usable, not only labelled: the form submits again.
    await page.click('button[name=screening_submit]');
    await page.waitForUrl(/\/thank-you\//);
  });

  it('has no WCAG A/AA violations on the demo page', async () => {
    const page = await openDemo();
    expect(await axeViolations(page)).toEqual([]);
  });
});
