import { fillText } from '../../../src/shared/translated-texts.ts';
import { useSearchWords } from '../search-words.ts';
import type { ForeignMap } from './map-consent.ts';

/**
 * What stands in the map's place while it waits for consent: which host the map would come from, and a
 * button that loads it. The table and the results sentence above it list every donation meanwhile.
 */
export function MapConsentNote({ foreign, onAllow }: { foreign: ForeignMap; onAllow(): void }) {
  const { texts } = useSearchWords();
  return (
    <div className="donors-map-note donors-map-consent">
      <p>{fillText(texts.mapConsent, { host: foreign.host })}</p>
      <p>
        <button type="button" className="wp-element-button" onClick={onAllow}>
          {texts.loadMap}
        </button>
      </p>
    </div>
  );
}
