import { useSearchWords } from '../search-texts.ts';
import type { SearchState } from './search-state.ts';
import { formatError, WORKING_CLASS } from './status-text.ts';

/** The site's alert styles (Bootstrap's names), only while there is something to say. */
const TONE: Record<SearchState['status'], string> = {
  idle: '',
  working: ` ${WORKING_CLASS}`,
  error: ' alert alert-danger',
  results: '',
};

/**
 * The status area (`.alert-before`, a polite live region that is always in the page so that every
 * change is announced): `Working...` while a search runs; after errors, each message in turn, one line
 * each in the order the server gave them, so the last one stays visible at the bottom and a screen
 * reader reads them all, in that order, as one announcement. Empty otherwise. It carries the working
 * words and classes as data, as markup.html prints it, for the loader to show a search submitted
 * before the code arrived, and the words it shows if that code then cannot be loaded
 * (docs/how-it-works.md#the-form).
 */
export function StatusArea({ state }: { state: SearchState }) {
  const { texts } = useSearchWords();
  return (
    <div
      className={`alert-before${TONE[state.status]}`}
      role="status"
      data-working-text={texts.working}
      data-working-class={WORKING_CLASS}
      data-failed-text={formatError(texts.searchNotLoaded, texts.reloadAndSearch, texts.errorLine)}
      data-failed-class={TONE.error.trim()}
    >
      {state.status === 'working' && <p>{texts.working}</p>}
      {state.status === 'error' &&
        state.messages.map((message, index) => (
          // Messages may repeat; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index}>{formatError(message, state.advice ?? texts.tryAnotherSearch, texts.errorLine)}</p>
        ))}
    </div>
  );
}
