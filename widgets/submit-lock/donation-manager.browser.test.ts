import { expect, it } from 'vitest';
import type { EnginePage } from '../../test/engines/engine-page.ts';
import { describeEngines } from '../../test/engines/suite.ts';
import { buttonStates, sendButtonStatesOnLeave } from '../../test/page-helpers.ts';

const SUBMIT = 'form[name="screening-questions"] button[type="submit"]';

/** The submit lock and, on the page with them, Donation Manager's scripts listen for submits on the document. */
const listeningForSubmits = (page: EnginePage, count: number) =>
  page.waitFor(
    (expected) =>
      (window as { __harnessListening?: string[] }).__harnessListening?.filter((type) => type === 'submit')
        .length === expected,
    count,
  );

/** What the page's styles see of the step's submit button. */
const classOf = (page: EnginePage) =>
  page.evaluate((submit) => document.querySelector(submit)?.className, SUBMIT);

describeEngines("submit-lock on Donation Manager's screening step", (suite) => {
  // Two page loads and a return: more than the default on a loaded machine.
  it.each([
    ['with the script tag alone', '', 1],
    ["with Donation Manager's scripts.js on the page too", 'with-its-scripts/', 2],
  ])(
    'locks the button while the step submits, and Back gives it back as printed, %s',
    {
      timeout: 60_000,
    },
    async (_, variant, listeners) => {
      const page = await suite.open(`/donation-manager/screening-questions/${variant}`);
      await listeningForSubmits(page, listeners);
      const before = await buttonStates(page);
      const printedClass = await classOf(page);
      expect(before).toEqual(['Continue to Step 3|enabled']);
      await sendButtonStatesOnLeave(page, '/__harness/note');
      const notes = suite.door.notes.length;
      await page.click(SUBMIT);
      await page.waitForUrl(/\/donation-manager\/pick-up-dates\//);
      await expect.poll(() => suite.door.notes.length).toBeGreaterThan(notes);
      expect(JSON.parse(suite.door.notes[notes] ?? '[]')).toEqual(['one moment...|disabled']);

      await page.back();
      await page.waitForUrl(/\/donation-manager\/screening-questions\//);
      // Kept in the back/forward cache: the lock's pageshow handler, not a fresh load, gives the button back.
      await page.waitFor(() => (window as { __harnessShows?: string[] }).__harnessShows?.length === 2);
      expect(await page.evaluate(() => (window as { __harnessShows?: string[] }).__harnessShows)).toEqual([
        'loaded',
        'restored',
      ]);
      await expect.poll(() => buttonStates(page)).toEqual(before);
      expect(await classOf(page)).toBe(printedClass);
      // Usable, not only labelled: the step submits again.
      await page.click(SUBMIT);
      await page.waitForUrl(/\/donation-manager\/pick-up-dates\//);
      expect(await page.problems()).toEqual([]);
    },
  );
});
