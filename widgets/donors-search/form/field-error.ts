import { useLayoutEffect } from 'react';
import type { FieldNames } from '../search/search-address.ts';
import { fieldOf } from './search-form.ts';

/**
 * Marks the form's `key` field invalid (`aria-invalid="true"`) and ties it to the line that says why
 * (`aria-describedby`, the line's id `errorId`) while there is one; with none, the field is as it was,
 * so a search that starts again clears it. A description the page gave the field stays beside the line's.
 */
export function useFieldError(form: HTMLFormElement, key: keyof FieldNames, errorId: string | undefined) {
  useLayoutEffect(() => {
    const field = fieldOf(form, key);
    if (!field || !errorId) return;
    const described = field.getAttribute('aria-describedby');
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', described ? `${described} ${errorId}` : errorId);
    return () => {
      field.removeAttribute('aria-invalid');
      if (described === null) field.removeAttribute('aria-describedby');
      else field.setAttribute('aria-describedby', described);
    };
  }, [form, key, errorId]);
}
