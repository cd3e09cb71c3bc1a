import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Dispose, IslandContext, MountIsland } from '../../src/shared/island.ts';
import { parseRestConfig } from '../../src/shared/rest-config.ts';
import type { adoptDonationManagerMarkup, DonationManagerPlaces } from './donation-manager-markup.ts';
import { DonorsSearch } from './donors-search.tsx';
import { readSearchOptions } from './form/host-options.ts';
import { adoptSearchForm, createSearchForm, printedForm, queryOf, showQuery } from './form/search-form.ts';
import { startingValues } from './form/starting-values.ts';
import { adoptIslandStyles } from './island-styles.ts';
import { adoptLiveRegions, type LiveRegions } from './live-regions.ts';
import { parseSearchConfig } from './map/search-config.ts';
import { printedAnswer, stateOfAnswer } from './search/printed-search.ts';
import { sameQuery } from './search/search-address.ts';
import type { FirstSearch } from './search/use-donor-search.ts';
import { addressQuery } from './search/use-search-address.ts';
import { claimSearchIds, type SearchIds } from './search-ids.ts';
import { parseSearchTexts } from './search-words.ts';

/**
 * Mounts the donors search in its host (`[data-island="donors-search"]`, see markup.html). The form the
 * page printed is taken over as it is (what the visitor typed, chose and focused stays), or built when
 * the host came without one (a snippet pasted before the page printed forms). The printed status and
 * results regions stay the same elements (the island renders into them); the printed map and table are
 * swapped for the island's own in the same task, so no frame shows the difference. The first search:
 * one the loader held (`ctx.heldSubmit`) starts at once and goes into the address; else the address's
 * search shows the answer the page printed for it, or starts at once when there is none. The first
 * copy of a page keeps Donation Manager's markup's ids; later copies get their own (search-ids.ts). The
 * returned dispose unmounts React (which aborts a search in flight and removes the map), puts the
 * printed areas back, removes what it built and gives the ids back; calling it twice is harmless.
 *
 * The host may also be Donation Manager's own form (`form#donors-in-your-area` outside the island's
 * markup, see docs/how-it-works.md#on-donation-managers-markup): the island then takes over that form
 * and the parts printed beside it (donation-manager-markup.ts), and its submits stop at the form, so that the
 * page's other submit handlers (Donation Manager's search and its page-wide lock) never act on them.
 */
export const mount: MountIsland = (host, ctx) => {
  // Donation Manager's form, found by its id: only the island's own markup carries `data-island`.
  if (!host.hasAttribute('data-island')) return mountOnOriginal(host, ctx);
  return renderSearch(host, ctx, (ids, texts) => {
    const options = startingValues(readSearchOptions(host, ctx.report), ids, location.href);
    const printed = printedForm(host);
    const form = printed ?? createSearchForm(host.ownerDocument, ids, options, texts);
    if (printed) adoptSearchForm(printed, ids, options, texts);
    else host.append(form);
    const { regions, restore } = adoptLiveRegions(host, form, texts);
    const keep = new Set<Element>([form, regions.status, regions.results]);
    const idle = [...host.children].filter(
      (child) => !keep.has(child) && child.localName !== 'noscript' && child.localName !== 'script',
    );
    for (const child of idle) child.remove();
    return {
      form,
      regions,
      locate: options.locate,
      undo() {
        if (!printed) form.remove();
        restore();
        host.append(...idle);
      },
    };
  });
};

/** What a markup hands `renderSearch` once its form and parts are the island's. */
interface TakenOver {
  form: HTMLFormElement;
  regions: LiveRegions;
  /** Donation Manager's markup: where the map and the table render (donation-manager-markup.ts). */
  places?: DonationManagerPlaces;
  locate?: boolean;
  /** Gives the markup back as it was printed. */
  undo: () => void;
}

/**
 * What the island does on either markup around `take`, which takes its form and parts over: the config
 * checked now, not at the first search or the first map, so a problem shows at page load; the styles,
 * ids and texts; the first search; React rendered in the same task; and the dispose, which unmounts
 * React (aborting a search in flight), gives the markup and the ids back, and is harmless twice.
 */
function renderSearch(
  host: Element,
  ctx: IslandContext,
  take: (ids: SearchIds, texts: ReturnType<typeof parseSearchTexts>) => TakenOver,
): Dispose {
  ctx.section(parseRestConfig);
  ctx.section(parseSearchConfig);
  adoptIslandStyles(host, ctx.report);
  const { ids, release } = claimSearchIds(host);
  const texts = ctx.section(parseSearchTexts);
  const { form, regions, places, locate, undo } = take(ids, texts);
  const first = firstSearch(host, form, ids, ctx.heldSubmit, texts);
  const root = createRoot(host.ownerDocument.createElement('div'));
  const search = (
    <DonorsSearch
      ctx={ctx}
      form={form}
      regions={regions}
      places={places}
      first={first}
      ids={ids}
      locate={locate}
    />
  );
  // React renders through portals, after the island's own form in its host (a root on the host itself
  // would empty it, form and all), or in each of Donation Manager's places: the root's own element stays
  // detached.
  flushSync(() => root.render(places ? search : createPortal(search, host)));
  host.setAttribute('data-mounted', '');
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    host.removeAttribute('data-mounted');
    undo();
    release();
  };
}

/**
 * `mount` on Donation Manager's markup, whose form is the host. What finds and takes over the parts it
 * prints (donation-manager-markup.ts) is a chunk of its own, downloaded only for such a host, so the island's own
 * pages never pay for it. Until it has arrived the form is already the island's: a submit is kept from the
 * page (Donation Manager's own search among its handlers) and taken as the held submit, the last one
 * winning, as the loader holds one; should the chunk fail, a held submit is sent as the form sends it
 * without JavaScript.
 */
const mountOnOriginal: MountIsland = (form, ctx) => {
  if (!(form instanceof HTMLFormElement)) {
    ctx.report(new Error(`#${form.id} is a <${form.localName}>, not the form Donation Manager prints`));
    return () => {};
  }
  let held = ctx.heldSubmit;
  let dispose: Dispose | undefined;
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    held = new FormData(form);
  };
  form.addEventListener('submit', hold, { signal: ctx.signal });
  import('./donation-manager-markup.ts').then(
    ({ adoptDonationManagerMarkup }) => {
      form.removeEventListener('submit', hold);
      if (!ctx.signal.aborted)
        dispose = takeOverDonationManager(form, { ...ctx, heldSubmit: held }, adoptDonationManagerMarkup);
    },
    (error: unknown) => {
      form.removeEventListener('submit', hold);
      ctx.report(error);
      if (held && !ctx.signal.aborted) form.submit();
    },
  );
  return () => dispose?.();
};

/** Takes Donation Manager's form and the parts beside it over, once `adopt` (donation-manager-markup.ts) is here. */
const takeOverDonationManager = (
  form: HTMLFormElement,
  ctx: IslandContext,
  adopt: typeof adoptDonationManagerMarkup,
) =>
  renderSearch(form, ctx, (ids, texts) => {
    // First, so that what it gives back is the form as printed.
    const { places, restore } = adopt(form);
    // Its markup offers no "use my location" (no `locate`): the form keeps the fields it printed.
    adoptSearchForm(
      form,
      ids,
      startingValues(readSearchOptions(form, ctx.report), ids, location.href),
      texts,
    );
    return { form, regions: places.regions, places, undo: restore };
  });

/** Where the page's search starts (see `mount`). */
function firstSearch(
  host: Element,
  form: HTMLFormElement,
  ids: SearchIds,
  held: FormData | undefined,
  texts: ReturnType<typeof parseSearchTexts>,
): FirstSearch {
  // Put in the address once its request has left, as a submit is (search/use-search-address.ts).
  if (held) return { query: queryOf(held, ids), submitted: true };
  const query = addressQuery(form, ids);
  if (!query) return undefined;
  const answer = printedAnswer(host);
  if (answer && sameQuery(answer.query, query)) return { query, state: stateOfAnswer(answer, texts) };
  showQuery(form, query);
  return { query };
}
