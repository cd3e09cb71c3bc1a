import type { Donation } from '../search/donation.ts';
import { CHOSEN_CLOSE, CHOSEN_LABEL } from '../search/status-text.ts';

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
  const count = indices.length;
  const rest = count - LISTED;
  return (
    <section className="donors-map-choice" aria-label={CHOSEN_LABEL}>
      <p>
        {count === 1 ? '1 donation' : `${count.toLocaleString('en-US')} donations`} at this place, highlighted
        in the table:
      </p>
      <ul>
        {indices.slice(0, LISTED).map((index) => {
          const { title, zipcode, date } = donations[index] as Donation;
          return (
            <li key={index}>
              {title}, {zipcode}, {date}
            </li>
          );
        })}
      </ul>
      {rest > 0 && <p>and {rest.toLocaleString('en-US')} more.</p>}
      <button type="button" onClick={onClose}>
        {CHOSEN_CLOSE}
      </button>
    </section>
  );
}
