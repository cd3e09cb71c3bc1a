/**
 * What the priority alert's browser suites wait for and count, in any engine: its own snippet's, Donation
 * Manager's markup's and the keyboard walk's.
 */
import type { EnginePage } from '../engines/engine-page.ts';

/** Waits until the slides have ended with the note shown (`open`) or hidden, and the alert the other way. */
export const noteSettled = (page: EnginePage, open: boolean, within = ':root') =>
  page.waitFor(
    ({ wantOpen, root }) =>
      document.getAnimations().length === 0 &&
      document.querySelector<HTMLElement>(`${root} .priority-note`)?.hidden === !wantOpen &&
      document.querySelector<HTMLElement>(`${root} .priority-alert`)?.hidden === wantOpen,
    { wantOpen: open, root: within },
  );

/**
 * Counts the animations the page starts from now on, as they start (a finished one no longer shows in
 * getAnimations()); `slidesStarted` reads the count.
 */
export const countSlides = (page: EnginePage) =>
  page.evaluate(() => {
    const animate = Element.prototype.animate;
    document.documentElement.dataset.slides = '0';
    Element.prototype.animate = function (...args) {
      const { dataset } = document.documentElement;
      dataset.slides = String(Number(dataset.slides) + 1);
      return animate.apply(this, args);
    };
  });

export const slidesStarted = (page: EnginePage) =>
  page.evaluate(() => Number(document.documentElement.dataset.slides));
