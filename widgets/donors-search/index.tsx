import { createRoot } from 'react-dom/client';
import type { MountIsland } from '../../src/shared/island.ts';
import { DonorsSearch } from './donors-search.tsx';
import { readSearchOptions } from './host-options.ts';
import { adoptStyles, ISLAND_CSS } from './island-styles.ts';

/**
 * Mounts the donors search in its host (`[data-island="donors-search"]`, see markup.html), replacing
 * the server-rendered fallback. The returned dispose unmounts the React root, which aborts a search in
 * flight and removes the map; calling it twice is harmless.
 */
export const mount: MountIsland = (host, ctx) => {
  const options = readSearchOptions(host, ctx.report);
  adoptStyles(host.ownerDocument, ISLAND_CSS);
  const root = createRoot(host);
  root.render(<DonorsSearch ctx={ctx} options={options} />);
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
  };
};
