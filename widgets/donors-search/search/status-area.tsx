import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import type { LocateNote } from '../locate/use-locate.ts';
import { useSearchWords } from '../search-words.ts';
import { formatError, WORKING_CLASS } from './failure-rules.ts';
import type { SearchState } from './search-state.ts';

/**
 * The site's alert styles (Bootstrap's names), only while there is something to say; while a search
 * runs, the markup's own (`workingClass`).
 */
const TONE: Record<Exclude<SearchState['status'], 'working'>, string> = {
  idle: '',
  error: ' alert alert-danger',
  results: '',
};

/**
 * The status area (`.alert-before`, a polite live region the page printed, see live-regions.ts):
 * `Working...` while a search runs; after errors, each message in turn, one line each in the order the
 * server gave them, so the last one stays visible at the bottom and a screen reader reads them all, in
 * that order, as one announcement. Empty otherwise. The element is the page's own from load to results,
 * rendered into, never replaced, so that every change is announced; it keeps the working and failed
 * words printed on it for the loader (docs/how-it-works.md#the-form). A `note` of "use my location"
 * (finding the position, or why it found no zip code) stands in for the search's state while it shows.
 */
export function StatusArea({
  state,
  area,
  note,
  workingClass = WORKING_CLASS,
  errorId,
}: {
  state: SearchState;
  area: HTMLElement;
  note?: LocateNote;
  /** The classes while a search runs: the island's, or those Donation Manager printed on its own area. */
  workingClass?: string;
  /** The id of the first error line, for a field that the line is about to point to. */
  errorId?: string;
}) {
  const { texts } = useSearchWords();
  const status = note?.status ?? state.status;
  const tone = status === 'working' ? ` ${workingClass}` : TONE[status];
  useLayoutEffect(() => {
    area.className = `alert-before${tone}`;
  }, [area, tone]);
  if (note) return createPortal(<p>{note.line}</p>, area);
  return createPortal(
    <>
      {state.status === 'working' && <p>{texts.working}</p>}
      {state.status === 'error' &&
        state.messages.map((message, index) => (
          // Messages may repeat; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index} id={index === 0 ? errorId : undefined}>
            {formatError(message, state.advice ?? texts.tryAnotherSearch, texts.errorLine)}
          </p>
        ))}
    </>,
    area,
  );
}
