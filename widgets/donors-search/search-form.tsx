import type { FormEvent } from 'react';
import type { SearchQuery } from './donation.ts';
import type { SearchOptions } from './host-options.ts';
import { SEARCH_LABEL } from './status-text.ts';

const field = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

interface ChoiceProps {
  name: 'radius' | 'days';
  label: string;
  unit: string;
  options: readonly string[];
  value: string;
}

/** A labelled select whose `name` is also its id (`#radius`, `#days`), as the original markup had. */
function Choice({ name, label, unit, options, value }: ChoiceProps) {
  return (
    <div className="donors-search-field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option} {unit}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The search form with the ids and names of the original markup, so a site's CSS keeps working. No
 * client-side validation (docs/how-it-works.md#the-form): the server decides. The Search button is never
 * disabled here: the page's submit lock disables and relabels it while a search runs and gives it back
 * afterwards.
 */
export function SearchForm({
  options,
  onSearch,
}: {
  options: SearchOptions;
  onSearch: (query: SearchQuery) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSearch({ zipcode: field(data, 'zipcode'), radius: field(data, 'radius'), days: field(data, 'days') });
  };
  return (
    <form id="donors-in-your-area" className="donors-search-form" onSubmit={submit} noValidate>
      <div className="donors-search-field">
        <label htmlFor="zipcode">Zip code</label>
        <input
          id="zipcode"
          name="zipcode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          defaultValue={options.zipcode}
        />
      </div>
      <Choice
        name="radius"
        label="Within"
        unit="miles"
        options={options.radiusOptions}
        value={options.radius}
      />
      <Choice
        name="days"
        label="In the last"
        unit="days"
        options={options.daysOptions}
        value={options.days}
      />
      <button type="submit">{SEARCH_LABEL}</button>
    </form>
  );
}
