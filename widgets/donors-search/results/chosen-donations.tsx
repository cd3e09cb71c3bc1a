import { fillText } from '../../../src/shared/translated-texts.ts';
import type { Donation } from '../search/donation.ts';
import { sayCount, useSearchWords } from '../search-words.ts';
import { DonationDate } from './donation-date.tsx';

/** The most donations listed under the map; the rest are highlighted in the table all the same. */
const LISTED = 50;

/**
 * The donations of the marker the visitor chose on the map: how many, then each one's title, zip code
 * and date, as text. Their rows are highlighted in the table too.
 */
export function ChosenDonations({
  donations,
  indices,
  onClose,
}: {
  donations: readonly Donation[];
  indices: readonly number[];
  onClose(): void;
}) {
  const words = useSearchWords();
  const { texts } = words;
  const count = indices.length;
  const rest = count - LISTED;
  return (
    <section className="donors-map-choice" aria-label={texts.chosenLabel}>
      <p>{sayCount(words, 'chosenCount', count, { count: words.numbers.format(count) })}</p>
      <ul>
        {indices.slice(0, LISTED).map((index) => {
          const { title, zipcode, date } = donations[index] as Donation;
          return (
            <li key={index}>
              {title}, {zipcode}, <DonationDate value={date} />
            </li>
          );
        })}
      </ul>
      {rest > 0 && <p>{fillText(texts.chosenMore, { count: words.numbers.format(rest) })}</p>}
      <button type="button" onClick={onClose}>
        {texts.close}
      </button>
    </section>
  );
}
