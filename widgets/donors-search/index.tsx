import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { MountIsland } from '../../src/shared/island.ts';
import { restClient } from '../../src/shared/rest-client.ts';
import { parseRestConfig } from '../../src/shared/rest-config.ts';
import { DonorsSearch } from './donors-search.tsx';
import { readSearchOptions } from './form/host-options.ts';
import { adoptSearchForm, createSearchForm, printedForm, queryOf } from './form/search-form.ts';
import { adoptIslandStyles } from './island-styles.ts';
import { parseSearchConfig } from './map/search-config.ts';
import { claimSearchIds } from './search-ids.ts';
import { parseSearchTexts } from './search-texts.ts';

/**
 * Mounts the donors search in its host (`[data-island="donors-search"]`, see markup.html). The form the
 * page printed is taken over as it is (what the visitor typed, chose and focused stays), or built when
 * the host came without one (a snippet pasted before the page printed forms). The printed idle status,
 * results and map areas are swapped for the island's own in the same task, so no frame shows the
 * difference. A search the loader held (`ctx.heldSubmit`) starts at once. The first search of a page
 * keeps the original markup's ids; later copies get their own (search-ids.ts). The returned dispose
 * unmounts React (which aborts a search in flight and removes the map), puts the printed areas back,
 * removes a form it built and gives the ids back; calling it twice is harmless.
 */
export const mount: MountIsland = (host, ctx) => {
  const options = readSearchOptions(host, ctx.report);
  // Validated now, not at the first search or the first map, so a config problem shows at page load.
  ctx.section(parseRestConfig);
  // Mounted once the visitor reaches for the form: the REST client's code comes now, not after the submit.
  ctx.section(restClient).preload();
  ctx.section(parseSearchConfig);
  adoptIslandStyles(host, ctx.report);
  const { ids, release } = claimSearchIds(host);
  const doc = host.ownerDocument;
  const printed = printedForm(host);
  const texts = ctx.section(parseSearchTexts);
  const form = printed ?? createSearchForm(doc, ids, options, texts);
  if (printed) adoptSearchForm(printed, ids, options, texts);
  else host.append(form);
  const idle = [...host.children].filter((child) => child !== form && child.localName !== 'noscript');
  for (const child of idle) child.remove();
  // React renders after the form through a portal: a root on the host itself would empty it, form and all.
  const root = createRoot(doc.createElement('div'));
  const held = ctx.heldSubmit && queryOf(ctx.heldSubmit);
  flushSync(() =>
    root.render(createPortal(<DonorsSearch ctx={ctx} form={form} held={held} ids={ids} />, host)),
  );
  host.setAttribute('data-mounted', '');
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    host.removeAttribute('data-mounted');
    if (!printed) form.remove();
    host.append(...idle);
    release();
  };
};
