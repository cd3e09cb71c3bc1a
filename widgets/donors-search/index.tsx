import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Dispose, IslandContext, MountIsland } from '../../src/shared/island.ts';
import { parseRestConfig } from '../../src/shared/rest-config.ts';
import { DonorsSearch } from './donors-search.tsx';
import { readSearchOptions } from './form/host-options.ts';
import { adoptSearchForm, createSearchForm, printedForm, queryOf, showQuery } from './form/search-form.ts';
import { adoptIslandStyles } from './island-styles.ts';
import { adoptLiveRegions } from './live-regions.ts';
import { parseSearchConfig } from './map/search-config.ts';
import type { adoptOriginalMarkup } from './original-markup.ts';
import { printedAnswer, stateOfAnswer } from './search/printed-answer.ts';
import { sameQuery } from './search/search-address.ts';
import type { FirstSearch } from './search/use-donor-search.ts';
import { addressQuery } from './search/use-search-address.ts';
import { claimSearchIds, type SearchIds } from './search-ids.ts';
import { parseSearchTexts } from './search-texts.ts';

/**
 * Mounts the donors search in its host (`[data-island="donors-search"]`, see markup.html). The form the
 * page printed is taken over as it is (what the visitor typed, chose and focused stays), or built when
 * the host came without one (a snippet pasted before the page printed forms). The printed status and
 * results regions stay the same elements (the island renders into them); the printed map and table are
 * swapped for the island's own in the same task, so no frame shows the difference. The first search:
 * one the loader held (`ctx.heldSubmit`) starts at once and goes into the address; else the address's
 * search shows the answer the page printed for it, or starts at once when there is none. The first
 * copy of a page keeps the original markup's ids; later copies get their own (search-ids.ts). The
 * returned dispose unmounts React (which aborts a search in flight and removes the map), puts the
 * printed areas back, removes what it built and gives the ids back; calling it twice is harmless.
 *
 * The host may also be Donation Manager's own form (`form#donors-in-your-area` outside the island's
 * markup, see docs/how-it-works.md#on-donation-managers-markup): the island then takes over that form
 * and the parts printed beside it (original-markup.ts), and its submits stop at the form, so that the
 * page's other submit handlers (Donation Manager's search and its page-wide lock) never act on them.
 */
export const mount: MountIsland = (host, ctx) => {
  // Donation Manager's form, found by its id: only the island's own markup carries `data-island`.
  if (!host.hasAttribute('data-island')) return mountOnOriginal(host, ctx);
  const options = readSearchOptions(host, ctx.report);
  // Validated now, not at the first search or the first map, so a config problem shows at page load.
  ctx.section(parseRestConfig);
  ctx.section(parseSearchConfig);
  adoptIslandStyles(host, ctx.report);
  const { ids, release } = claimSearchIds(host);
  const doc = host.ownerDocument;
  const printed = printedForm(host);
  const texts = ctx.section(parseSearchTexts);
  const form = printed ?? createSearchForm(doc, ids, options, texts);
  if (printed) adoptSearchForm(printed, ids, options, texts);
  else host.append(form);
  const { regions, restore } = adoptLiveRegions(host, form, texts);
  const keep = new Set<Element>([form, regions.status, regions.results]);
  const idle = [...host.children].filter(
    (child) => !keep.has(child) && child.localName !== 'noscript' && child.localName !== 'script',
  );
  for (const child of idle) child.remove();
  const first = firstSearch(host, form, ids, ctx.heldSubmit, texts);
  // React renders after the form through a portal: a root on the host itself would empty it, form and all.
  const root = createRoot(doc.createElement('div'));
  flushSync(() =>
    root.render(
      createPortal(
        <DonorsSearch
          ctx={ctx}
          form={form}
          regions={regions}
          first={first}
          ids={ids}
          locate={options.locate}
        />,
        host,
      ),
    ),
  );
  host.setAttribute('data-mounted', '');
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    host.removeAttribute('data-mounted');
    if (!printed) form.remove();
    restore();
    host.append(...idle);
    release();
  };
};

/**
 * `mount` on Donation Manager's markup, whose form is the host. What finds and takes over the parts it
 * prints (original-markup.ts) is a chunk of its own, downloaded only for such a host, so the island's own
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
  import('./original-markup.ts').then(
    ({ adoptOriginalMarkup }) => {
      form.removeEventListener('submit', hold);
      if (!ctx.signal.aborted)
        dispose = takeOverOriginal(form, { ...ctx, heldSubmit: held }, adoptOriginalMarkup);
    },
    (error: unknown) => {
      form.removeEventListener('submit', hold);
      ctx.report(error);
      if (held && !ctx.signal.aborted) form.submit();
    },
  );
  return () => dispose?.();
};

/** Takes Donation Manager's form and the parts beside it over, once `adopt` (original-markup.ts) is here. */
function takeOverOriginal(
  form: HTMLFormElement,
  ctx: IslandContext,
  adopt: typeof adoptOriginalMarkup,
): Dispose {
  ctx.section(parseRestConfig);
  ctx.section(parseSearchConfig);
  adoptIslandStyles(form, ctx.report);
  const { ids, release } = claimSearchIds(form);
  const texts = ctx.section(parseSearchTexts);
  const validates = !form.noValidate;
  adoptSearchForm(form, ids, readSearchOptions(form, ctx.report), texts);
  const stop = (event: Event) => event.stopPropagation();
  form.addEventListener('submit', stop);
  const { places, restore } = adopt(form);
  const first = firstSearch(form, form, ids, ctx.heldSubmit, texts);
  const root = createRoot(form.ownerDocument.createElement('div'));
  // Every part renders in a place of its own (portals): the root's own element stays detached. Its
  // markup offers no "use my location" (no `locate`): the form keeps the fields it printed.
  flushSync(() =>
    root.render(
      <DonorsSearch ctx={ctx} form={form} regions={places.regions} places={places} first={first} ids={ids} />,
    ),
  );
  form.setAttribute('data-mounted', '');
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    form.removeAttribute('data-mounted');
    form.removeEventListener('submit', stop);
    form.noValidate = !validates;
    restore();
    release();
  };
}

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
