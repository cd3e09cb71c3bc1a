import { useEffect, useLayoutEffect, useRef } from 'react';
import { fillText } from '../../../src/shared/translated-texts.ts';
import type { Donation } from '../search/donation.ts';
import { sayCount, useSearchWords } from '../search-words.ts';
import { DonationDate } from './donation-date.tsx';

/** The map the list sits under, in the same parent (the island's host or Donation Manager's place). */
const mapBeside = (list: HTMLElement | null) => list?.parentElement?.querySelector('.donors-search-map');

/** The most donations listed under the map; the rest are highlighted in the table all the same. */
const LISTED = 50;

/**
 * The donations of the marker the visitor chose on the map: how many, then each one's title, zip code
 * and date, as text. Their rows are highlighted in the table too. Escape (with the focus in the list or
 * on the map) and Close close it, and the focus goes back to what had it when the list opened (the
 * marker), or to the map should that be gone (a redraw replaces markers), never to the page's start.
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
  const list = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  // Whatever had the focus as this choice was made (each new choice's own), unless it was the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice is what the effect waits for
  useLayoutEffect(() => {
    const active = list.current?.ownerDocument.activeElement ?? null;
    if (!list.current?.contains(active)) opener.current = active;
  }, [indices]);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = () => {
    const map = mapBeside(list.current);
    const back =
      opener.current?.isConnected && opener.current !== opener.current.ownerDocument.body
        ? opener.current
        : map;
    closeRef.current();
    if (back instanceof HTMLElement || back instanceof SVGElement) {
      if (back === map && !back.hasAttribute('tabindex')) back.setAttribute('tabindex', '-1');
      back.focus({ preventScroll: true });
    }
  };
  const closeOnEscape = useRef(close);
  closeOnEscape.current = close;
  useEffect(() => {
    const doc = list.current?.ownerDocument;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as Node | null;
      const map = mapBeside(list.current);
      if (event.key !== 'Escape' || !target) return;
      if (!list.current?.contains(target) && !map?.contains(target)) return;
      event.preventDefault();
      closeOnEscape.current();
    };
    doc?.addEventListener('keydown', onKey);
    return () => doc?.removeEventListener('keydown', onKey);
  }, []);
  const count = indices.length;
  const rest = count - LISTED;
  return (
    <section className="donors-map-choice" aria-label={texts.chosenLabel} ref={list}>
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
      <button type="button" onClick={close}>
        {texts.close}
      </button>
    </section>
  );
}
