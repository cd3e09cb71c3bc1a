/**
 * The printed search's shared cases (README.md beside this file): each folder an answer of the donations
 * route and the results region a page prints for it, which every producer of the printed search is held
 * to: the demo's filler (results/printed-search-parts.js), the island's render, the plugin's PHP and the
 * demo's no-JavaScript page. Read here once, for every runner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { byClass, DONATION_MANAGER_MARKUP } from '../../donation-manager-markup.js';
import { DEFAULT_SITE_DATES, type SiteDates } from '../results/php-date.js';
import { answerOfResponse, type PrintedAnswer } from '../search/answer-rules.js';

export { laidOut, normalised } from './normalised.js';

export interface PrintedCase {
  /** The folder's name. */
  name: string;
  /** What the case stands for, in a few words. */
  about: string;
  /** The search in the page's address. */
  query: PrintedAnswer['query'];
  /** The route's HTTP status. */
  status: number;
  /** The route's body as sent: answer.json, or answer.txt for a body that is no JSON. */
  text: string;
  /** The site's date settings (Settings → General); WordPress's defaults unless the case names others. */
  site: SiteDates;
  /** Whether the case names its own site settings (the demo has WordPress's defaults only). */
  ownSite: boolean;
  /** expected.html: the results region the page prints; undefined for a new case not yet given one. */
  expected: string | undefined;
  /** expected-donation-manager.html: Donation Manager's form and results once the plugin has filled them. */
  donationManagerExpected: string | undefined;
}

export const CASES_DIR = import.meta.dirname;
export const EXPECTED = 'expected.html';
export const DONATION_MANAGER_EXPECTED = 'expected-donation-manager.html';

const readCase = (name: string): PrintedCase => {
  const file = (base: string) => path.join(CASES_DIR, name, base);
  const meta = JSON.parse(readFileSync(file('case.json'), 'utf8'));
  const files = readdirSync(path.join(CASES_DIR, name));
  const body = files.includes('answer.json') ? 'answer.json' : 'answer.txt';
  return {
    name,
    about: meta.about,
    query: meta.query,
    status: meta.status,
    text: readFileSync(file(body), 'utf8'),
    site: { ...DEFAULT_SITE_DATES, ...meta.site },
    ownSite: 'site' in meta,
    expected: files.includes(EXPECTED) ? readFileSync(file(EXPECTED), 'utf8') : undefined,
    donationManagerExpected: files.includes(DONATION_MANAGER_EXPECTED)
      ? readFileSync(file(DONATION_MANAGER_EXPECTED), 'utf8')
      : undefined,
  };
};

/** Every case, by folder name. */
export const PRINTED_CASES: PrintedCase[] = readdirSync(CASES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => readCase(entry.name));

/** The answer the page prints as JSON for the island (answer-rules.js reads the route's response). */
export const caseAnswer = ({ query, status, text }: PrintedCase): PrintedAnswer =>
  answerOfResponse(query, status, text);

/**
 * The printed search's parts as the demo and the plugin fill them, each named for its `%%search:…%%`
 * place (wordpress-plugin/island-markup.mjs).
 */
export type PrintedParts = Record<
  'status-class' | 'status' | 'hidden' | 'alert-tone' | 'alert' | 'table',
  string
>;

/**
 * The results region of filled parts: the status area and the results alert with the classes and
 * `hidden` the parts give them, then the table and its pager, as markup.html holds them.
 */
export const regionOfParts = (parts: PrintedParts): string =>
  `<div class="alert-before${parts['status-class']}">${parts.status}</div>` +
  `<div class="alert-donors alert ${parts['alert-tone']}"${parts.hidden}>${parts.alert}</div>${parts.table}`;

/**
 * The results region of a page or a render: the status area and the results alert with their class
 * and `hidden` only (their other attributes are markup.html's, not the printed search's), the table's
 * box and its pager as they are.
 */
export function regionOfPage(root: ParentNode): string {
  const status = root.querySelector(byClass(DONATION_MANAGER_MARKUP.search.status));
  const alert = root.querySelector(byClass(DONATION_MANAGER_MARKUP.search.alert));
  if (!status || !alert) throw new Error('no status area or results alert in the page');
  const table = root.querySelector('.donors-table-box')?.outerHTML ?? '';
  const pager = root.querySelector('.donors-table-pages')?.outerHTML ?? '';
  const hidden = alert.hasAttribute('hidden') ? ' hidden' : '';
  return `<div class="${status.getAttribute('class')}">${status.innerHTML}</div><div class="${alert.getAttribute('class')}"${hidden}>${alert.innerHTML}</div>${table}${pager}`;
}

/**
 * Donation Manager's `[donors_in_your_area]` markup once the plugin has filled it: its form (the answer
 * the form carries for the island taken out, compared on its own) and its results display, the parent of
 * its status area, as they are. Placement is what is compared: where each part went, not only what.
 */
export function regionOfDonationManager(html: string): { region: string; answer: unknown } {
  const { document } = new JSDOM('').window;
  const template = document.createElement('template');
  template.innerHTML = html;
  const form = template.content.querySelector('form');
  const display = template.content.querySelector(
    byClass(DONATION_MANAGER_MARKUP.search.status),
  )?.parentElement;
  if (!form || !display) throw new Error('no form or results display in Donation Manager’s markup');
  const script = form.querySelector('script.donors-search-answer');
  script?.remove();
  return {
    region: form.outerHTML + display.innerHTML,
    answer: script ? JSON.parse(script.textContent ?? '') : undefined,
  };
}
