/**
 * A page built the way Elementor builds one: nested containers, the theme's jQuery, a popup whose island
 * arrives with jQuery after load, the loader printed twice (the theme's template with WordPress's `?ver=`,
 * an HTML widget without it) and a second copy of the priority alert's snippet. The islands must behave as
 * on the demo pages, in every engine.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { EnginePage } from '../engines/engine-page.ts';
import { describeEngines, type EngineSuite } from '../engines/suite.ts';
import { axeViolations } from '../page-helpers.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const priorityAlert = read('../../widgets/priority-alert/markup.html');
const screeningQuestions = read('../../widgets/screening-questions/markup.html');

// The demo site's own CSP: every script from the site, none inline.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

/** The page, around the config element WordPress prints (taken from a demo page, with a current nonce). */
async function buildPage(suite: EngineSuite) {
  const demo = await (await fetch(`${suite.door.url}/islands/priority-alert/`)).text();
  const config = /<script type="application\/json" id="donation-widgets-config">.*?<\/script>/s.exec(
    demo,
  )?.[0];
  if (!config) throw new Error('the demo page has no config element');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Give furniture a second home – Elementor page</title>
${config}
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
<script type="module" src="/dist/donation-widgets.js?ver=0.1.0"></script>
</head>
<body class="elementor-page">
<main data-elementor-type="wp-page" class="elementor elementor-12">
  <div class="e-con e-parent" data-element_type="container">
    <div class="e-con e-child first-copy" data-element_type="container">
      <div class="elementor-widget elementor-widget-html"><div class="elementor-widget-container">
        ${priorityAlert}
      </div></div>
    </div>
    <div class="e-con e-child" data-element_type="container">
      <div class="e-con e-child" data-element_type="container">
        <div class="elementor-widget elementor-widget-html"><div class="elementor-widget-container">
          ${screeningQuestions}
          <script type="module" src="/dist/donation-widgets.js"></script>
        </div></div>
      </div>
    </div>
  </div>
  <div class="e-con e-parent second-copy" data-element_type="container">
    <div class="elementor-widget elementor-widget-html"><div class="elementor-widget-container">
      ${priorityAlert}
    </div></div>
    <p><a href="#elementor-action%3Aaction%3Dpopup%3Aopen" data-open-popup>See this week's priority note</a></p>
  </div>
</main>
<script type="text/template" id="elementor-popup-template">${priorityAlert}</script>
<script src="/wp-content/plugins/elementor-pro/assets/js/popup.js?ver=3.30.0"></script>
</body>
</html>`;
}

const PAGE = '/give-furniture/';

/**
 * Opens the note in the wrapper inside `scope`, waits until it is shown in place of its alert, and tells
 * whether its trigger controls it and how many other notes are shown.
 */
async function openNote(page: EnginePage, scope: string) {
  await page.click(`${scope} [data-priority-open]`);
  await page.waitFor(
    (wrapper) =>
      document.querySelector<HTMLElement>(`${wrapper} .priority-note`)?.hidden === false &&
      document.querySelector<HTMLElement>(`${wrapper} .priority-alert`)?.hidden === true,
    scope,
  );
  return page.evaluate((wrapper) => {
    const note = document.querySelector(`${wrapper} .priority-note`);
    const trigger = document.querySelector(`${wrapper} [data-priority-open]`);
    return {
      controlsItsNote: !!note?.id && trigger?.getAttribute('aria-controls') === note.id,
      otherNotesShown: [...document.querySelectorAll<HTMLElement>('.priority-note')].filter(
        (other) => !other.hidden && other !== note,
      ).length,
    };
  }, scope);
}
const OPENED_ALONE = { controlsItsNote: true, otherNotesShown: 0 };

describeEngines('a page builder’s page', (suite) => {
  async function openPage() {
    suite.door.serve(PAGE, 'text/html', await buildPage(suite), { 'content-security-policy': CSP });
    suite.door.serve('/wp-includes/js/jquery/jquery.min.js', 'text/javascript', read('./jquery-stand-in.js'));
    suite.door.serve(
      '/wp-content/plugins/elementor-pro/assets/js/popup.js',
      'text/javascript',
      read('./popup.js'),
    );
    const page = await suite.open(PAGE);
    await page.waitFor(() =>
      (window as { __harnessListening?: string[] }).__harnessListening?.includes('submit'),
    );
    // Every wrapper in the page is mounted once its trigger says the note is closed.
    await page.waitFor(() =>
      [...document.querySelectorAll('[data-priority-open]')].every(
        (trigger) => trigger.getAttribute('aria-expanded') === 'false',
      ),
    );
    return page;
  }

  it('runs the loader once although the page prints its script tag twice', async () => {
    const requestsBefore = suite.door.requests.length;
    const page = await openPage();
    const loaders = suite.door.requests
      .slice(requestsBefore)
      .filter(({ url }) => new URL(url).pathname === '/dist/donation-widgets.js');
    // Both tags' requests, in whichever order their connections reached the front door.
    expect(loaders.map(({ url }) => new URL(url).search).sort()).toEqual(['', '?ver=0.1.0']);
    // Each runtime mounts the submit lock, which listens for submits on the document: two would mean two loaders ran.
    const submitListeners = await page.evaluate(
      () =>
        (window as { __harnessListening?: string[] }).__harnessListening?.filter((type) => type === 'submit')
          .length,
    );
    expect(submitListeners).toBe(1);
    expect(await openNote(page, '.first-copy')).toEqual(OPENED_ALONE);
    expect(await page.problems()).toEqual([]);
  });

  it('keeps a second copy of the priority alert snippet independent of the first', async () => {
    const page = await openPage();
    expect(await openNote(page, '.second-copy')).toEqual(OPENED_ALONE);
  });

  it('answers the screening questions in nested containers', async () => {
    const page = await openPage();
    await page.waitFor(() => document.querySelector<HTMLElement>('#additional-details')?.hidden === true);
    await page.click('input[name=items_damaged][value=Yes]');
    await page.waitFor(() => document.querySelector<HTMLElement>('#additional-details')?.hidden === false);
    await page.click('input[name=items_damaged][value=No]');
    await page.waitFor(() => document.querySelector<HTMLElement>('#additional-details')?.hidden === true);
  });

  it('mounts the priority alert a popup inserts with jQuery after load', async () => {
    const page = await openPage();
    await page.click('[data-open-popup]');
    await page.waitFor(
      () =>
        document
          .querySelector('.elementor-popup-modal [data-priority-open]')
          ?.getAttribute('aria-expanded') === 'false',
    );
    expect(await openNote(page, '.elementor-popup-modal')).toEqual(OPENED_ALONE);
    expect(await page.problems()).toEqual([]);
  });

  it('sends nothing off the machine and has no WCAG A/AA violations with the popup open', async () => {
    const page = await openPage();
    await page.click('[data-open-popup]');
    await page.waitFor(() => document.querySelector('.elementor-popup-modal [aria-expanded="false"]'));
    expect(await axeViolations(page)).toEqual([]);
    expect(suite.door.requests.filter(({ blocked }) => blocked)).toEqual([]);
  });
});
