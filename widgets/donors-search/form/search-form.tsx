import type { FormEvent } from 'react';
import { fillText } from '../../../src/shared/texts.ts';
import type { SearchQuery } from '../search/donation.ts';
import type { SearchIds } from '../search-ids.ts';
import { useSearchWords } from '../search-texts.ts';
import type { SearchOptions } from './host-options.ts';

const field = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

interface ChoiceProps {
  id: string;
  name: 'radius' | 'days';
  label: string;
  /** The option's text, with `{radius}` or `{days}` for its number. */
  optionText: string;
  options: readonly string[];
  value: string;
}

/** A labelled select (`#radius`, `#days` in the first search of a page, as the original markup had). */
function Choice({ id, name, label, optionText, options, value }: ChoiceProps) {
  return (
    <div className="donors-search-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option} value={option}>
            {fillText(optionText, { [name]: option })}
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
  ids,
  options,
  onSearch,
}: {
  ids: SearchIds;
  options: SearchOptions;
  onSearch: (query: SearchQuery) => void;
}) {
  const { texts } = useSearchWords();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSearch({ zipcode: field(data, 'zipcode'), radius: field(data, 'radius'), days: field(data, 'days') });
  };
  return (
    <form id={ids.form} className="donors-search-form" onSubmit={submit} noValidate>
      <div className="donors-search-field">
        <label htmlFor={ids.zipcode}>{texts.zipcodeLabel}</label>
        <input
          id={ids.zipcode}
          name="zipcode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          defaultValue={options.zipcode}
        />
      </div>
      <Choice
        id={ids.radius}
        name="radius"
        label={texts.radiusLabel}
        optionText={texts.radiusOption}
        options={options.radiusOptions}
        value={options.radius}
      />
      <Choice
        id={ids.days}
        name="days"
        label={texts.daysLabel}
        optionText={texts.daysOption}
        options={options.daysOptions}
        value={options.days}
      />
      <button type="submit" className="wp-element-button">
        {texts.search}
      </button>
    </form>
  );
}
