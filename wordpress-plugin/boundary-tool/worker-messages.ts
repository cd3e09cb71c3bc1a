/** What the settings screen's page and its boundary worker say to each other. */
import type { BoundarySummary } from '../../tools/zip-boundaries/boundary-set.js';

/** The worker's stages, in order; the page adds sending and publishing. */
export type BuildStage = 'read' | 'simplify' | 'write';

export type ToWorker =
  /** Make the set from the picked files, limited to `only` (empty: every zip), which messages call `onlyLabel`. */
  | { type: 'make'; files: File[]; only: string; onlyLabel: string }
  /** The page has sent this many bytes of the files handed to it. */
  | { type: 'sent'; bytes: number };

export type FromWorker =
  | { type: 'stage'; stage: BuildStage }
  | { type: 'progress'; written: number; total: number }
  | { type: 'file'; name: string; text: string; bytes: number }
  | { type: 'done'; summary: BoundarySummary }
  /** `input`: the file or the choice of zips is at fault (the message names it), not the browser. */
  | { type: 'failed'; message: string; input: boolean };
