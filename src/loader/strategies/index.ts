import type { LoadingStrategy } from '../../../widgets/islands.js';
import { importFiles } from '../import-files.ts';
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
      // A form submitted before the strategy has arrived waits for it, then is submitted again for it
      // to act on; without the strategy, the island loads at once and the form does what it does
      // without JavaScript.
      let early: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
      const wait = (event: Event) => {
        event.preventDefault();
        // Swallowed: the page's other submit handlers see the submit dispatched again below, or none,
        // never both (Donation Manager's own search, on its form, would run a search of its own).
        event.stopPropagation();
        // Read now: once the event has been dispatched in a shadow root, its target is null.
        early = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
      };
      host.addEventListener('submit', wait, { signal });
      const arrived = (strategy?: Record<string, unknown>) => {
        host.removeEventListener('submit', wait);
        if (signal.aborted) return;
        if (strategy) handOver = (strategy[name] as Strategy)(host, signal, start);
        else start();
        if (strategy) early?.form.requestSubmit(early.submitter);
        else early?.form.submit();
      };
      importFiles(importChunk, chunks[name]).then(arrived, () => arrived());
      return (failed) => handOver?.(failed);
    };
  return { load, intent: lazy('intent') };
}
