import type {
  ClusterAnswer,
  ClusterIndex,
  ClusterQuestion,
  ClusterReply,
  ClusterRequest,
  replyTo,
} from './cluster-index.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

/** The worker chunk's name relative to the chunk holding this code, set by build.mjs. */
declare const __CLUSTER_WORKER__: string;

/**
 * The built worker chunk's URL, beside the chunk that holds this code wherever the site serves dist/.
 * Undefined when the code runs from source (the unit tests), where no worker file exists.
 */
export function clusterWorkerUrl(): URL | undefined {
  return typeof __CLUSTER_WORKER__ === 'string' ? new URL(__CLUSTER_WORKER__, import.meta.url) : undefined;
}

/** Asks the clustering index questions; answers come in the order asked. */
export interface ClusterEngine {
  /** A number for a new load, which its questions name, so an answer about an earlier one is never drawn. */
  newLoad(): number;
  /** Rejects with an error the index met; answered `stale` once the engine is disposed. */
  ask(question: ClusterQuestion): Promise<ClusterAnswer>;
  /** Ends the worker; every question still waiting, or asked later, is answered `stale`. */
  dispose(): void;
}

interface Waiting {
  question: ClusterQuestion;
  resolve(answer: ClusterAnswer): void;
  reject(error: unknown): void;
}

/** The answer to a question nobody wants answered any more: the map is gone. */
const STALE: ClusterAnswer = { kind: 'stale' };

/**
 * The clustering index in a worker started by `startWorker` at the first question (the first results),
 * not before. When no worker can start (a Content Security Policy whose `worker-src` refuses the
 * bundle's origin, the bundle served from another origin than the page) or it fails later, the same
 * index runs on the page instead, each answer in a task of its own: the map still works, though
 * clustering thousands of donations then holds the page for one long task. That is reported once, for
 * the site's admin. Without `startWorker` (no Worker in the environment) the page answers silently.
 */
export function createClusterEngine(
  startWorker: (() => Worker) | undefined,
  report: (error: unknown) => void,
): ClusterEngine {
  const pending = new Map<number, Waiting>();
  let worker: Worker | undefined;
  // The page's own index is downloaded only when it is needed: the worker has its own copy.
  let onPage: Promise<{ index: ClusterIndex; replyTo: typeof replyTo }> | undefined;
  let workerFailed = startWorker === undefined;
  let disposed = false;
  let nextId = 0;
  let loads = 0;
  let lastLoad: ClusterQuestion | undefined;

  const settle = (reply: ClusterReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(`The map's clustering failed: ${reply.error}`));
    else waiting.resolve(reply.answer);
  };

  const answerOnPage = async (request: ClusterRequest) => {
    onPage ??= import('./cluster-index.ts').then((module) => ({
      index: module.createClusterIndex(),
      replyTo: module.replyTo,
    }));
    try {
      const { index, replyTo: reply } = await onPage;
      await yieldToBrowser();
      if (!disposed) settle(reply(index, request));
    } catch (error) {
      // The index's chunk could not be downloaded: the question fails like one the index failed.
      onPage = undefined;
      settle({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const fallBack = (reason: string) => {
    worker?.terminate();
    worker = undefined;
    workerFailed = true;
    report(
      new Error(
        `The donors search map could not use its clustering worker (${reason}), so it clusters on the page, which pauses the page briefly for thousands of donations. Allow the bundle's own origin for workers in the Content Security Policy (worker-src 'self').`,
      ),
    );
    // The worker's index is gone with it: the page clusters the last load again (its answer goes to
    // nobody unless it is still waiting), then answers every waiting question in the order asked.
    const waiting = [...pending.entries()];
    if (lastLoad && !waiting.some(([, w]) => w.question === lastLoad))
      void answerOnPage({ id: -1, question: lastLoad });
    for (const [id, { question }] of waiting) void answerOnPage({ id, question });
  };

  const start = (begin: () => Worker) => {
    try {
      const started = begin();
      started.onmessage = (event: MessageEvent<ClusterReply>) => settle(event.data);
      // A script that cannot load or is refused by the page's policy fires this without a message.
      started.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        fallBack(event.message || 'its script could not be loaded or was refused');
      };
      worker = started;
    } catch (error) {
      fallBack(error instanceof Error ? error.message : String(error));
    }
  };

  return {
    newLoad: () => ++loads,
    ask(question) {
      if (disposed) return Promise.resolve(STALE);
      if (question.kind === 'load') lastLoad = question;
      const id = nextId++;
      return new Promise<ClusterAnswer>((resolve, reject) => {
        pending.set(id, { question, resolve, reject });
        if (!worker && !workerFailed && startWorker) {
          start(startWorker);
          // A worker that failed at once has handed this question to the page already.
          if (!worker) return;
        }
        if (worker) worker.postMessage({ id, question } satisfies ClusterRequest);
        else void answerOnPage({ id, question });
      });
    },
    dispose() {
      disposed = true;
      worker?.terminate();
      worker = undefined;
      for (const { resolve } of pending.values()) resolve(STALE);
      pending.clear();
    },
  };
}
