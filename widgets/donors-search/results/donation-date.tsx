import { useSearchWords } from '../search-texts.ts';
import { siteDate } from './php-date.js';

/** A donation's date as the site writes it, in `<time datetime>`; a text that is no date, as it is. */
export function DonationDate({ value }: { value: string }) {
  const { site } = useSearchWords();
  const { text, datetime } = siteDate(value, site);
  return datetime ? <time dateTime={datetime}>{text}</time> : text;
}
