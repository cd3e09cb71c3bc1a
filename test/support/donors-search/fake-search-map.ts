/**
 * A stand-in for the lazily loaded map module, for component tests: it records what the island asked
 * the map to draw and mark. Use it in place of the real one with
 * `vi.mock('…/map/search-map.ts', () => import('…/test/support/donors-search/fake-search-map.ts'))`.
 */
import type { MapPicture } from '../../../widgets/donors-search/map/map-picture.ts';
import type { SearchMap } from '../../../widgets/donors-search/map/search-map.ts';

/** The one map every search in a test file draws on; `vi.clearAllMocks()` forgets its calls. */
export const fakeMap = {
  draw: vi.fn<SearchMap['draw']>(async () => {}),
  mark: vi.fn<SearchMap['mark']>(),
  destroy: vi.fn(),
};
/** Takes the real module's place: resolves with `fakeMap` whatever it is given. */
export const createSearchMap = vi.fn(async (..._args: unknown[]): Promise<SearchMap> => fakeMap);
/** What the island asked the map to draw, one picture per search with results. */
export const drawnPictures = (): MapPicture[] => fakeMap.draw.mock.calls.map(([picture]) => picture);
