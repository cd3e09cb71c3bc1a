import { useEffect, useRef, useState } from 'react';
import type { IslandContext } from '../../../src/shared/island.ts';
import { isAbortError } from '../../../src/shared/rest-error.ts';
import { sayCount, useSearchWords } from '../search-words.ts';
import { afterNextFrame } from './after-next-frame.ts';
import { importSearchMap } from './map-chunks.ts';
import { MapConsentNote } from './map-consent-note.tsx';
import type { MapPicture } from './map-picture.ts';
import { parseSearchConfig } from './search-config.ts';
import type { SearchMap } from './search-map.ts';
import { useMapConsent } from './use-map-consent.ts';

/** Donations the visitor chose: on the map (a marker), or in the table (a row, whose marker is centred). */
export interface Choice {
  indices: readonly number[];
  from: 'map' | 'table';
}

/**
 * The map section (`#map`), hidden until results arrive. The map's code is downloaded with the first
 * results, never before; the one map is then kept and redrawn for every later search. If the map
 * cannot load (a blocked Maps script, say), a note takes its place and the next results try again;
 * the table lists every donation either way. Each draw waits for the frame after the results commit.
 * A map from another host waits for the visitor's consent where the page runs the WP Consent API: a
 * note naming the host, with a button that loads it, takes its place until then (use-map-consent.ts).
 */
export function MapSection({
  id,
  picture,
  ctx,
  choice,
  onChoose,
}: {
  id: string;
  picture: MapPicture | undefined;
  ctx: IslandContext;
  choice: Choice | undefined;
  onChoose(indices: readonly number[]): void;
}) {
  const words = useSearchWords();
  const { texts } = words;
  const container = useRef<HTMLElement>(null);
  const searchMap = useRef<Promise<SearchMap> | undefined>(undefined);
  const chooseRef = useRef(onChoose);
  chooseRef.current = onChoose;
  // The map is made once; it takes the words of the search it is made for (they are the page's).
  const wordsRef = useRef(words);
  wordsRef.current = words;
  const [failedPicture, setFailedPicture] = useState<MapPicture | undefined>(undefined);
  const consent = useMapConsent(ctx.section(parseSearchConfig), picture !== undefined, ctx.report);
  const waiting = !consent.allowed;
  // The note's button goes away with the note: the map it brings takes the keyboard's focus instead.
  const focusOnLoad = useRef(false);
  const loadMap = () => {
    focusOnLoad.current = true;
    consent.allow();
  };
  useEffect(() => {
    const element = container.current;
    if (waiting || !focusOnLoad.current || !element) return;
    focusOnLoad.current = false;
    if (element.tabIndex < 0) element.tabIndex = -1;
    element.focus({ preventScroll: true });
  }, [waiting]);

  useEffect(() => {
    const element = container.current;
    if (!picture || !element || waiting) return;
    const controller = new AbortController();
    if (!searchMap.current) {
      const listener = {
        choose: (indices: readonly number[]) => chooseRef.current(indices),
        report: ctx.report,
      };
      searchMap.current = importSearchMap(ctx.section(parseSearchConfig).maps).then((module) =>
        module.createSearchMap(element, ctx.section(parseSearchConfig), ctx.signal, listener, {
          hints: {
            twoFingers: wordsRef.current.texts.twoFingersHint,
            wheel: wordsRef.current.texts.wheelHint,
          },
          clusterTitle: (count) =>
            sayCount(wordsRef.current, 'clusterTitle', count, {
              count: wordsRef.current.numbers.format(count),
            }),
        }),
      );
      searchMap.current.catch(() => {
        searchMap.current = undefined;
      });
    }
    // The draw measures the map (Leaflet's invalidateSize), which would force the layout of the whole
    // results commit (the rows, the alert) inside this task: let the commit's frame come first.
    let cancelFrame = () => {};
    const frame = new Promise<void>((resolve) => {
      cancelFrame = afterNextFrame(resolve);
    });
    Promise.all([searchMap.current, frame])
      .then(([map]) => {
        if (controller.signal.aborted) return;
        return map.draw(picture, controller.signal);
      })
      .catch((error: unknown) => {
        // By name, not `instanceof DOMException`: the abort may come from another realm (an iframe's fetch).
        if (isAbortError(error) || controller.signal.aborted) return;
        setFailedPicture(picture);
        ctx.report(error);
      });
    return () => {
      cancelFrame();
      controller.abort();
    };
  }, [picture, ctx, waiting]);

  useEffect(() => {
    const indices = choice?.indices ?? [];
    const centre = choice?.from === 'table';
    searchMap.current?.then((map) => map.mark(indices, centre)).catch(() => {});
    // A row chosen in the table brings the whole map into view, its marker in the middle: the least
    // scroll that shows it all (the table stays where it can), never a sliver of the map's bottom.
    if (centre) container.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [choice]);

  useEffect(
    () => () => {
      searchMap.current?.then((map) => map.destroy()).catch(() => {});
    },
    [],
  );

  const visible = picture !== undefined;
  const failed = visible && (failedPicture === picture || consent.failed);
  return (
    <>
      <section
        id={id}
        className="donors-search-map"
        ref={container}
        aria-label={texts.mapLabel}
        hidden={!visible || failed || waiting}
      />
      {failed && <p className="donors-map-note">{texts.mapFailed}</p>}
      {visible && consent.waiting && <MapConsentNote foreign={consent.waiting} onAllow={loadMap} />}
    </>
  );
}
