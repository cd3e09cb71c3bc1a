import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { IslandContext } from '../../src/shared/island.ts';
import type { DonationManagerPlaces } from './donation-manager-markup.ts';
import { useFieldError } from './form/field-error.ts';
import type { LiveRegions } from './live-regions.ts';
import { useLocate } from './locate/use-locate.ts';
import { mapPicture } from './map/map-picture.ts';
import { type Choice, MapSection } from './map/map-section.tsx';
import { ChosenDonations } from './results/chosen-donations.tsx';
import { ResultsAlert } from './results/results-alert.tsx';
import { ResultsTable } from './results/results-table.tsx';
import { zipIsWrong } from './search/failure-rules.ts';
import { StatusArea } from './search/status-area.tsx';
import { type FirstSearch, useDonorSearch } from './search/use-donor-search.ts';
import { useSearchAddress } from './search/use-search-address.ts';
import { FIRST_COPY_IDS, type SearchIds } from './search-ids.ts';
import { parseSearchTexts, SearchWordsContext, searchLocale, searchWords } from './search-words.ts';
import { parseSiteFormats } from './site-formats.ts';

const NO_DONATIONS: readonly never[] = [];

/**
 * The 'donors in your area' search (docs/how-it-works.md#donors-search) after its form: the status area,
 * the results alert, the map and the table (the map first, so it is not pushed below the rows; the
 * table only once there are results). The form is the page's own element (see form/search-form.ts),
 * listened to, never re-rendered, so nothing the visitor typed or focused is lost; the status area and
 * the results alert render into the page's own live regions (`regions`). `first` is where the page's
 * search starts: one submitted before the code arrived or named by the address starts at once (the
 * first render already shows it working), and an answer the page printed shows as it is. Every search
 * is an address (search/use-search-address.ts). Each search's outcome replaces the last one's in a
 * single commit. Map and table talk: a marker chosen on the map lists its donations under it and
 * highlights their rows; a row chosen in the table (its button, or a click) centres its marker. `ids`
 * name its elements (see search-ids.ts). With `locate`, the zip code field offers "use my location"
 * (locate/use-locate.ts), which searches as a submit does. With `places` (Donation Manager's markup,
 * donation-manager-markup.ts) the map and the table render in the places of the ones it printed, in its look,
 * and the table shows its header from the start, as that markup's does.
 */
export function DonorsSearch({
  ctx,
  form,
  regions,
  first,
  ids = FIRST_COPY_IDS,
  locate = false,
  places,
}: {
  ctx: IslandContext;
  form: HTMLFormElement;
  regions: LiveRegions;
  first?: FirstSearch;
  ids?: SearchIds;
  /** Whether the form offers "use my location" (the host's `data-locate`). */
  locate?: boolean;
  places?: DonationManagerPlaces;
}) {
  // The site's translations and formats (docs/how-it-works.md#texts), read once per page.
  const words = useMemo(
    () => searchWords(ctx.section(parseSearchTexts), searchLocale(), ctx.section(parseSiteFormats)),
    [ctx],
  );
  const { state, search, show } = useDonorSearch(ctx, words.texts, first);
  useSearchAddress(form, ids, state, search, show, first);
  const note = useLocate(ctx, form, locate, words.texts, state.requestId);
  // A zip code that cannot be one: the field is what is wrong, and its line in the status area says why.
  const zipError = !note && zipIsWrong(state) ? ids.zipcodeError : undefined;
  useFieldError(form, 'zipcode', zipError);
  const results = state.status === 'results' ? state : undefined;
  const picture = useMemo(
    () => results && mapPicture(results.query, results.results, words.texts.mapCenterTitle),
    [results, words],
  );
  const donations = results?.results.donations ?? NO_DONATIONS;
  // A choice belongs to the search it was made in; a new search starts without one.
  const [choice, setChoice] = useState<(Choice & { requestId: number }) | undefined>(undefined);
  const current = results && choice?.requestId === results.requestId ? choice : undefined;
  const requestId = results?.requestId ?? 0;
  const chooseOnMap = useCallback(
    (indices: readonly number[]) => setChoice({ indices, from: 'map', requestId }),
    [requestId],
  );
  const chooseRow = useCallback(
    (index: number) => setChoice({ indices: [index], from: 'table', requestId }),
    [requestId],
  );
  const chosen = useMemo(() => new Set(current?.indices), [current]);
  const showRow = useMemo(
    () =>
      current?.from === 'map' && current.indices.length > 0
        ? { index: current.indices[0] as number }
        : undefined,
    [current],
  );
  const inPlace = (children: ReactNode, place: HTMLElement | undefined) =>
    place ? createPortal(children, place) : children;
  const look = places?.look;
  return (
    <SearchWordsContext.Provider value={words}>
      <StatusArea
        state={state}
        area={regions.status}
        note={note}
        workingClass={look?.workingClass}
        errorId={zipError}
      />
      <ResultsAlert
        ids={ids}
        state={state}
        region={regions.results}
        className={look?.alertClass}
        Value={look ? 'code' : 'span'}
      />
      {inPlace(
        <>
          <MapSection id={ids.map} picture={picture} ctx={ctx} choice={current} onChoose={chooseOnMap} />
          {current?.from === 'map' && (
            <ChosenDonations
              donations={donations}
              indices={current.indices}
              onClose={() => setChoice(undefined)}
            />
          )}
        </>,
        places?.map,
      )}
      {/* Nothing found, no table: a header with sort buttons over no rows (Donation Manager's keeps its own). */}
      {((results && donations.length > 0) || places) &&
        inPlace(
          <ResultsTable
            key={requestId}
            id={ids.table}
            className={look?.tableClass}
            donations={donations}
            chosen={chosen}
            showRow={showRow}
            onChooseRow={chooseRow}
          />,
          places?.table,
        )}
    </SearchWordsContext.Provider>
  );
}
