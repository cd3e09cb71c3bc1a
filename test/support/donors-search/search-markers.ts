/**
 * The donors search's map markers as a visitor sees them, in any engine, and the markers a route's
 * answer calls for.
 */
import { type AnyPage, enginePage } from '../../page-helpers.ts';
import type { RouteAnswer } from './search-answers.ts';

/** The donation markers in view (the centre marker left out): single donations and clusters. */
export const mapMarkers = (page: AnyPage, scope = '') =>
  enginePage(page).evaluate((within) => {
    const root = within ? document.querySelector(within) : document;
    return Array.from(
      root?.querySelectorAll('.donors-search-map .donors-search-marker:not(.donors-search-centre)') ?? [],
      (element) => ({ title: element.getAttribute('title'), label: element.textContent }),
    );
  }, scope);

/** How many donations `markers` stand for: a cluster its count (named in its title), a single one 1. */
export const donationsMarked = (markers: { title: string | null }[]) =>
  markers.reduce((sum, { title }) => {
    const cluster = /^Cluster of ([\d,]+) donations$/.exec(title ?? '');
    return sum + (cluster ? Number(cluster[1]?.replace(/,/g, '')) : 1);
  }, 0);

/** How many donations the markers in view (in `scope` when given) stand for. */
export const donationsOnMap = async (page: AnyPage, scope = '') =>
  donationsMarked(await mapMarkers(page, scope));

/**
 * Each donation with coordinates, as the island must mark it: title = zipcode, label = 1, the one
 * donation its list holds when chosen (never the zip's count, which counts donations without a place).
 */
export function expectedMarkers(answer: RouteAnswer) {
  return answer.data.donations
    .filter((item) => typeof item.coordinates === 'object' && item.coordinates !== null)
    .map((item) => ({ title: String(item.zipcode), label: '1' }));
}
