/**
 * One run of the boundary tool: the site opens a run, the worker makes the files from the picked file,
 * and each batch of finished files goes to the site while the worker makes the next; once the worker is
 * done and the last batch is in, the site publishes the set. A cancel (the signal), a refusal or a
 * failure stops the worker and ends the run on the site, which then serves what it served before.
 */
import type { SiteClient, SiteStatus } from './site-client.ts';
import { SiteError } from './site-client.ts';
import type { SetLimits } from './tool-config.ts';
import { type Batch, UploadQueue } from './upload-queue.ts';
import type { BuildStage, FromWorker, ToWorker } from './worker-messages.ts';

export type Stage = BuildStage | 'publish';

/** The worker could not make the files: `input` when the picked file or the choice of zips is at fault. */
export class BuildFailure extends Error {
  constructor(
    message: string,
    readonly input: boolean,
  ) {
    super(message);
    this.name = 'BuildFailure';
  }
}

export interface RunOptions {
  files: File[];
  only: string;
  /** How the worker's messages name the choice of zips. */
  onlyLabel: string;
  client: SiteClient;
  limits: SetLimits;
  /** Starts the worker (the config's URL in the page; a stand-in in tests). */
  startWorker: () => Worker;
  signal: AbortSignal;
  stage(stage: Stage): void;
  /** KML files the site has taken, of how many zips are made (0 until the worker knows). */
  progress(sent: number, total: number): void;
}

/** Batches smaller than this are not tried: a server that refuses them refuses everything. */
const SMALLEST_BATCH = 16 * 1024;
/** Waits before each new try of a batch that failed on the way. */
const RETRIES_MS = [1000, 3000, 9000];

export async function makeAndPublish(options: RunOptions): Promise<SiteStatus> {
  const { client, signal } = options;
  const run = await client.begin(signal);
  const worker = options.startWorker();
  const queue = new UploadQueue();
  let total = 0;
  let sent = 0;
  let built = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => wake?.();
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.type === 'stage') options.stage(data.stage);
    else if (data.type === 'progress') total = data.total;
    else if (data.type === 'file') queue.push(data.name, data.text);
    else if (data.type === 'done') built = true;
    else failure = new BuildFailure(data.message, data.input);
    notify();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failure = new BuildFailure(event.message || 'the worker stopped', false);
    notify();
  };
  signal.addEventListener('abort', notify);
  const tell = (message: ToWorker) => worker.postMessage(message);
  tell({ type: 'make', files: options.files, only: options.only, onlyLabel: options.onlyLabel });
  let limit = options.limits.batch;
  try {
    for (;;) {
      signal.throwIfAborted();
      if (failure) throw failure;
      if (built && queue.bytes === 0) break;
      // A batch goes when it is full, or when it is the last.
      if (!built && queue.bytes < limit * 0.75) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      const batch = queue.take(limit);
      limit = await sendBatch(client, run, batch.pieces, limit, signal);
      tell({ type: 'sent', bytes: batch.bytes });
      sent += batch.kml;
      options.progress(sent, total);
    }
    options.stage('publish');
    return await client.finish(run, options.only, signal);
  } catch (error) {
    // Ends the run on the site: its folder goes (a refused run's has gone already).
    client.cancel(run).catch(() => {});
    throw error;
  } finally {
    worker.terminate();
    signal.removeEventListener('abort', notify);
  }
}

/**
 * Sends a batch, again after a failure on the way, in halves when a server in front of WordPress finds
 * the request too large; the size that got through is kept for the next batches.
 * @returns the batch size to use from now on
 */
async function sendBatch(
  client: SiteClient,
  run: string,
  pieces: Batch['pieces'],
  limit: number,
  signal: AbortSignal,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.send(run, pieces, signal);
      return limit;
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      if (error.tooLarge && limit / 2 >= SMALLEST_BATCH) {
        const [first, second] = halves(pieces);
        const smaller = await sendBatch(client, run, first, limit / 2, signal);
        return second.length > 0 ? sendBatch(client, run, second, smaller, signal) : smaller;
      }
      const wait = RETRIES_MS[attempt];
      if (!error.transient || wait === undefined) throw error;
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, wait);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason);
          },
          { once: true },
        );
      });
    }
  }
}

/** A batch in two: its pieces, or its one piece cut in two. */
function halves(pieces: Batch['pieces']): [Batch['pieces'], Batch['pieces']] {
  if (pieces.length > 1) {
    const middle = Math.ceil(pieces.length / 2);
    return [pieces.slice(0, middle), pieces.slice(middle)];
  }
  const [piece] = pieces;
  if (!piece || piece.text.length < 2) return [pieces, []];
  const cut = Math.floor(piece.text.length / 2);
  const head = piece.text.slice(0, cut);
  return [
    [{ ...piece, text: head, end: false }],
    [{ ...piece, text: piece.text.slice(cut), at: piece.at + new TextEncoder().encode(head).length }],
  ];
}
