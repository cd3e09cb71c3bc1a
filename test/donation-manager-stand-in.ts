/**
 * Donation Manager's markup and scripts for the jsdom tests: the fixtures of its steps and the stand-in of
 * its scripts.js (mock-server/demo/donation-manager/), run on the real jQuery 3.7.1 as the site runs them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const folder = `${import.meta.dirname}/../mock-server/demo/donation-manager`;

/** One of the fixtures, as Donation Manager prints it: `alert.html`, `screening-questions.html`. */
export const donationManagerMarkup = (file: string): string => readFileSync(`${folder}/${file}`, 'utf8');

type JQuery = ((...args: unknown[]) => { off(): void }) & {
  fx: { off: boolean };
  timers: unknown[];
};

/**
 * Runs the stand-in of scripts.js on the page as it is now, as WordPress prints it after jQuery, and
 * resolves once its ready handler has run. Slides end at once (`jQuery.fx.off`): the tests read where
 * they end. Returns jQuery and how to take the stand-in's document-wide handler off again.
 */
export async function runDonationManagerScripts(): Promise<{ jQuery: JQuery; remove(): void }> {
  // jQuery's CommonJS entry binds itself to the global window, jsdom's here.
  const jQuery: JQuery = createRequire(import.meta.url)('jquery');
  jQuery.fx.off = true;
  new Function('jQuery', readFileSync(`${folder}/scripts.js`, 'utf8'))(jQuery);
  // Ready handlers run in the order they were added: this one runs after the stand-in's.
  await new Promise((resolve) => jQuery(resolve));
  return { jQuery, remove: () => jQuery(document).off() };
}
