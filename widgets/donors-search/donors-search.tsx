import { useMemo } from 'react';
import type { IslandContext } from '../../src/shared/island.ts';
import type { SearchOptions } from './host-options.ts';
import { mapPicture } from './map-picture.ts';
import { MapSection } from './map-section.tsx';
import { ResultsTable } from './results-table.tsx';
import { SearchForm } from './search-form.tsx';
import { ORIGINAL_IDS, type SearchIds } from './search-ids.ts';
import { ResultsAlert, StatusArea } from './search-status.tsx';
import { useDonorSearch } from './use-donor-search.ts';

const NO_DONATIONS: readonly never[] = [];

/**
 * The 'donors in your area' search (docs/how-it-works.md#donors-search): the form, the status area, the
 * results alert, the map and the table (the map first, so it is not pushed below hundreds of rows). Each
 * search's outcome replaces the last one's in a single commit. `ids` name its elements (see search-ids.ts).
 */
export function DonorsSearch({
  ctx,
  options,
  ids = ORIGINAL_IDS,
}: {
  ctx: IslandContext;
  options: SearchOptions;
  ids?: SearchIds;
}) {
  const { state, search } = useDonorSearch(ctx);
  const results = state.status === 'results' ? state : undefined;
  const picture = useMemo(() => results && mapPicture(results.query, results.results), [results]);
  return (
    <>
      <SearchForm ids={ids} options={options} onSearch={search} />
      <StatusArea state={state} />
      <ResultsAlert ids={ids} state={state} />
      <MapSection id={ids.map} picture={picture} ctx={ctx} />
      <ResultsTable
        key={results?.requestId ?? 0}
        id={ids.table}
        donations={results?.results.donations ?? NO_DONATIONS}
      />
    </>
  );
}
