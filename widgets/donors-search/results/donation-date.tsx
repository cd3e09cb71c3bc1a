import { useSearchWords } from '../search-words.ts';
import { siteDate } from './php-date.js';

/**
 * A donation's date as the site writes it, in `<time datetime>`; a text that is no date, as it is. The
 * day and the time sit in spans of their own, and `data-short` holds the day with its month and weekday
 * names abbreviated: a narrow table shows that alone and hides the spans from sight, not from screen
 * readers (widgets/islands.css). The page's printed table writes the same markup.
 */
export function DonationDate({ value }: { value: string }) {
  const { site } = useSearchWords();
  const { day, time, short, datetime } = siteDate(value, site);
  if (!datetime) return day;
  return (
    <time dateTime={datetime} data-short={short}>
      <span className="donors-date-day">{day}</span>
      {time && <span className="donors-date-time">{` ${time}`}</span>}
    </time>
  );
}
