import Supercluster from 'supercluster';
import { yieldToBrowser } from './yield-to-browser.ts';

/** The longest a slice runs before the browser gets a turn; a task over 50 ms delays a keypress. */
const SLICE_MS = 10;
/** Points indexed and clustered first, on their own, so the engine has compiled that code for the rest. */
const WARM_UP_POINTS = 1000;

/** The parts of supercluster 8's index that its own `load` uses, which its types leave out. */
interface IndexSteps {
  options: { minZoom: number; maxZoom: number };
  trees: unknown[];
  _cluster(tree: unknown, zoom: number): number[];
  _createTree(data: number[]): unknown;
}

/** `load`'s first step alone: minZoom raised past maxZoom for the call, so it indexes the points only. */
function indexPoints<P extends object>(
  index: Supercluster<P, Record<string, never>>,
  points: Supercluster.PointFeature<P>[],
) {
  const { options } = index as unknown as IndexSteps;
  const { minZoom } = options;
  options.minZoom = options.maxZoom + 1;
  try {
    index.load(points);
  } finally {
    options.minZoom = minZoom;
  }
}

/**
 * Supercluster's `load`, in slices. `load` indexes the points, then clusters each zoom from the
 * deepest out, each from the one below it, and indexes those clusters: hundreds of milliseconds in
 * one task for thousands of donations. The same steps here, the browser getting a turn whenever a
 * slice has run SLICE_MS; each zoom is two steps (cluster, index). The page's first index is built
 * and clustered by uncompiled code, many times slower than later ones, so a throwaway index of the
 * first WARM_UP_POINTS, clustered at the deepest zoom, comes first. The index is identical to
 * `load`'s (load-in-slices.test.ts compares the two). Stops once `signal` aborts, and then resolves
 * false.
 */
export async function loadInSlices<P extends object>(
  index: Supercluster<P, Record<string, never>>,
  points: Supercluster.PointFeature<P>[],
  signal?: AbortSignal,
): Promise<boolean> {
  const steps = index as unknown as IndexSteps;
  let sliceStart = performance.now();
  const goOn = async () => {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    return !signal?.aborted;
  };
  if (points.length > WARM_UP_POINTS) {
    const { maxZoom } = steps.options;
    new Supercluster({ ...steps.options, minZoom: maxZoom }).load(points.slice(0, WARM_UP_POINTS));
    if (!(await goOn())) return false;
  }
  indexPoints(index, points);
  const { minZoom, maxZoom } = steps.options;
  let tree = steps.trees[maxZoom + 1];
  for (let zoom = maxZoom; zoom >= minZoom; zoom--) {
    if (!(await goOn())) return false;
    const clusters = steps._cluster(tree, zoom);
    if (!(await goOn())) return false;
    tree = steps._createTree(clusters);
    steps.trees[zoom] = tree;
  }
  return true;
}
