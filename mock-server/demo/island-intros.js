/**
 * What each island's demo page tells its visitor before the markup: what to do to see the island work.
 * An island without an entry gets the plain line that the page holds only its markup.
 */
import { html } from '../lib/html.js';

/** Two more bands for the lazy-background page, far below the fold, each with an image of its own. */
const FAR_BANDS = html`<section class="lazy-section" data-lazy-background="/images/backgrounds/lamps.svg" aria-labelledby="band-lamps-title">
    <div>
      <h2 id="band-lamps-title">Lamps and rugs</h2>
      <p>This band's image was fetched only as you scrolled near it.</p>
    </div>
  </section>
  <section class="lazy-section" data-lazy-background="/images/backgrounds/shelves.svg" aria-labelledby="band-shelves-title">
    <div>
      <h2 id="band-shelves-title">Books and toys for the children</h2>
      <p>So was this one's: a visitor who never scrolls this far never downloads it.</p>
    </div>
  </section>`;

/**
 * @typedef {object} IslandIntro
 * @property {import('../lib/html.js').SafeHtml} before shown above the island's markup
 * @property {import('../lib/html.js').SafeHtml} [after] shown below it
 */

/** @type {Record<string, IslandIntro>} */
export const ISLAND_INTROS = {
  'lazy-background': {
    before: html`<p class="island-intro">A section with <code>data-lazy-background</code> gets its background
  image only when it comes within 200 px of the screen (or when the page is printed), so a visitor downloads
  the images they scroll to and no others. Bands in view, or near it, load at once; the two at the end of the
  page load only as you scroll down to them (your browser's Network panel shows each image as it is fetched).</p>`,
    after: html`<section class="story" aria-labelledby="lazy-between-title">
  <h2 id="lazy-between-title">Further down the page</h2>
  <p>A page's other content sits between its bands. Until you scroll on, the two bands below have only their
    dark colour behind their words, which read the same before their image arrives.</p>
</section>
${FAR_BANDS}`,
  },
  'submit-lock': {
    before: html`<div class="island-intro">
  <p>The submit lock needs no markup of its own: it works on every form of a page. Press any button below that
    sends a form. At once every submit button on the page is disabled and reads <q>one moment...</q>, so a
    second press cannot send the form twice while the next page loads.</p>
  <p>Each button gets its own label back when you come back with the browser's Back button, when you edit a
    form that a page builder sent without leaving the page (after its error message), or at the latest a few
    seconds after the server's time limit, so the page can never stay stuck. <q>Add an attachment</q> sends
    nothing and is never locked.</p>
</div>`,
  },
};
