/**
 * The settings screen's boundary worker: the conversion `npm run boundaries` runs (the same module and
 * the same mapshaper), on the files the admin picked, away from the page so that it stays responsive.
 * Each file made goes to the page as soon as it is written, for the page to send; the worker waits
 * while the page has more than AHEAD bytes still to send, so a slow upload never holds the whole set
 * in memory at once.
 */
import { makeBoundarySet, SET_DEFAULTS } from '../../tools/zip-boundaries/boundary-set.js';
import { InputError } from '../../tools/zip-boundaries/input-error.js';
import { regionFilter } from '../../tools/zip-boundaries/region-filter.js';
import type { ZipStateTable } from '../../tools/zip-boundaries/zip-states.js';
import { inputSource } from './input-files.ts';
import { loadMapshaper } from './mapshaper-in-worker.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';

/**
 * The state of each zip, from the `zipcodes` package, as the build made it
 * (wordpress-plugin/build/wordpress-scripts.mjs).
 */
declare const __ZIP_STATES__: ZipStateTable;

/** Bytes the page may hold unsent before the worker waits for it. */
const AHEAD = 32 * 1024 * 1024;

const scope = globalThis as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const post = (message: FromWorker) => scope.postMessage(message);
const encoder = new TextEncoder();

let unsent = 0;
let resume: (() => void) | undefined;

scope.onmessage = ({ data }) => {
  if (data.type === 'sent') {
    unsent -= data.bytes;
    if (unsent < AHEAD) resume?.();
  } else if (data.type === 'make') {
    void make(data);
  }
};

async function write(name: string, text: string) {
  const bytes = encoder.encode(text).length;
  unsent += bytes;
  post({ type: 'file', name, text, bytes });
  if (unsent >= AHEAD)
    await new Promise<void>((resolve) => {
      resume = resolve;
    });
  resume = undefined;
}

async function make({ files, only, onlyLabel }: Extract<ToWorker, { type: 'make' }>) {
  try {
    // The choice of zips is checked before the big file is read.
    const chosen = only.trim() === '' ? undefined : regionFilter(only, () => __ZIP_STATES__, onlyLabel);
    const source = await inputSource(files);
    const summary = await makeBoundarySet(
      loadMapshaper(),
      source,
      {
        ...SET_DEFAULTS,
        only: chosen,
        fieldOption: null,
        progress: {
          step: (_text, stage) => post({ type: 'stage', stage }),
          update: (written, total) => post({ type: 'progress', written, total }),
        },
      },
      write,
    );
    post({ type: 'done', summary });
  } catch (error) {
    const input = error instanceof InputError;
    post({ type: 'failed', message: input ? error.message : String(error), input });
  }
}
