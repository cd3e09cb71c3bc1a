import { createRoot } from 'react-dom/client';
import type { MountIsland } from '../../src/shared/island.ts';
import { parseRestConfig } from '../../src/shared/rest-config.ts';
import { DonorsSearch } from './donors-search.tsx';
import { readSearchOptions } from './form/host-options.ts';
import { adoptIslandStyles } from './island-styles.ts';
import { parseSearchConfig } from './map/search-config.ts';
import { claimSearchIds } from './search-ids.ts';

/**
 * Mounts the donors search in its host (`[data-island="donors-search"]`, see markup.html), replacing
 * the server-rendered fallback. The first search of a page keeps the original markup's ids; later
 * copies get their own (search-ids.ts). The returned dispose unmounts the React root, which aborts a
 * search in flight and removes the map, and gives the ids back; calling it twice is harmless.
 */
export const mount: MountIsland = (host, ctx) => {
  const options = readSearchOptions(host, ctx.report);
  // Validated now, not at the first search or the first map, so a config problem shows at page load.
  ctx.section(parseRestConfig);
  ctx.section(parseSearchConfig);
  adoptIslandStyles(host, ctx.report);
  const { ids, release } = claimSearchIds(host);
  const root = createRoot(host);
  root.render(<DonorsSearch ctx={ctx} options={options} ids={ids} />);
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    release();
  };
};
