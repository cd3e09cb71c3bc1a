import { useSearchWords } from '../search-texts.ts';
import { siteDate } from './php-date.js';

/**
 * A donation's date as the site writes it, in `<time datetime>`; a text that is no date, as it is. The
 * time sits in a span of its own after the day, which the table hides from sight (not from screen
 * readers) where it is narrow (widgets/islands.css); the page's printed table writes the same markup.
 */
export function DonationDate({ value }: { value: string }) {
  const { site } = useSearchWords();
  const { day, time, datetime } = siteDate(value, site);
  if (!datetime) return day;
  return (
    <time dateTime={datetime}>
      {day}
      {time && <span className="donors-date-time">{` ${time}`}</span>}
    </time>
  );
}
