import type { LoadingStrategy } from '../../../widgets/islands.js';
import { load } from './load.ts';
import type { HandOver, Strategy } from './strategy.ts';

/**
 * Every loading strategy the manifest (widgets/islands.js) can name, by that name. `load` is the
 * loader's own; every other one is a chunk of its own (`chunks`, written by build.mjs: its file first,
 * then what it imports), downloaded with the first host that names it, so a page pays only for the
 * strategies its islands use.
 */
export function strategiesFrom(
  chunks: Record<Exclude<LoadingStrategy, 'load'>, readonly string[]>,
  importChunk: (file: string) => Promise<Record<string, unknown>>,
): Record<LoadingStrategy, Strategy> {
  const lazy =
    (name: Exclude<LoadingStrategy, 'load'>): Strategy =>
    (host, signal, start) => {
      let handOver: HandOver | undefined;
      const [file, ...imported] = chunks[name];
      for (const other of imported) importChunk(other).catch(() => {});
      importChunk(file as string).then(
        (strategy) => {
          if (!signal.aborted) handOver = (strategy[name] as Strategy)(host, signal, start);
        },
        // Without its strategy, the island is loaded at once: the visitor keeps what it does.
        () => signal.aborted || start(),
      );
      return (failed) => handOver?.(failed);
    };
  return { load, intent: lazy('intent') };
}
