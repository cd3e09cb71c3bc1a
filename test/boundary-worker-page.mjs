/**
 * The settings screen's boundary worker in a real browser page, apart from WordPress: a page on a
 * made-up origin whose requests are answered from the built dist/admin/ (the worker and mapshaper's
 * browser build) and from the inputs given, so a test or the bench can make a set of files in the
 * browser from the same input the command reads, and compare or time it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const TOOL_ORIGIN = 'http://boundary-tool.test';

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };

/**
 * Answers the page's requests: `/admin/…` from `dist`, `/input/{name}` from `inputs`, anything else a
 * blank page.
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ dist: string, inputs?: Map<string, Buffer | string> }} options
 */
export async function serveTool(context, { dist, inputs = new Map() }) {
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== TOOL_ORIGIN) return route.abort('blockedbyclient');
    if (url.pathname.startsWith('/admin/')) {
      const file = path.join(dist, decodeURIComponent(url.pathname));
      const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))] ?? 'text/plain';
      return route.fulfill({ body: readFileSync(file), contentType: type });
    }
    if (url.pathname.startsWith('/input/')) {
      const body = inputs.get(decodeURIComponent(url.pathname.slice('/input/'.length)));
      return body === undefined ? route.fulfill({ status: 404 }) : route.fulfill({ body });
    }
    return route.fulfill({ body: '<!doctype html><title>boundary tool</title>', contentType: 'text/html' });
  });
}

/**
 * @typedef {object} WorkerRun
 * @property {Record<string, string>} files each file the worker wrote, by name (empty unless `keep`)
 * @property {number} count files written
 * @property {number} bytes their bytes
 * @property {string[]} stages the stages it named, in order
 * @property {unknown} summary what it reported at the end
 * @property {{ message: string, input: boolean } | null} failed
 */

/**
 * Runs the worker on the page (already at TOOL_ORIGIN) over the named inputs, as the settings screen
 * would with the files an admin picked.
 * @param {import('playwright-core').Page} page
 * @param {{ names: string[], only?: string, keep?: boolean }} options
 * @returns {Promise<WorkerRun>}
 */
export function runWorker(page, { names, only = '', keep = true }) {
  return page.evaluate(
    async ({ names, only, keep }) => {
      const files = await Promise.all(
        names.map(async (name) => new File([await (await fetch(`/input/${name}`)).blob()], name)),
      );
      const worker = new Worker('/admin/boundaries-worker.js?ver=test');
      /** @type {Record<string, string>} */
      const written = {};
      const run = { files: written, count: 0, bytes: 0, stages: [], summary: null, failed: null };
      return new Promise((resolve) => {
        worker.onmessage = ({ data }) => {
          if (data.type === 'stage') run.stages.push(data.stage);
          if (data.type === 'file') {
            if (keep) written[data.name] = data.text;
            run.count++;
            run.bytes += data.bytes;
            worker.postMessage({ type: 'sent', bytes: data.bytes });
          }
          if (data.type === 'done' || data.type === 'failed') {
            if (data.type === 'done') run.summary = data.summary;
            else run.failed = { message: data.message, input: data.input };
            worker.terminate();
            resolve(run);
          }
        };
        worker.onerror = (event) => {
          run.failed = { message: event.message, input: false };
          resolve(run);
        };
        worker.postMessage({ type: 'make', files, only, onlyLabel: 'Only these zips' });
      });
    },
    { names, only, keep },
  );
}
