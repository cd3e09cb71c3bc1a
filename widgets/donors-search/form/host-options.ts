import { FORM_DEFAULTS } from './form-defaults.js';

/** The form's choices and starting values, which a site admin may override on the host element. */
export interface SearchOptions {
  radiusOptions: readonly string[];
  radius: string;
  daysOptions: readonly string[];
  days: string;
  zipcode: string;
  /** Whether the form offers "use my location" (where the browser can tell a position). */
  locate: boolean;
}

export const DEFAULT_OPTIONS: SearchOptions = {
  radiusOptions: FORM_DEFAULTS.radiusOptions.split(','),
  radius: FORM_DEFAULTS.radius,
  daysOptions: FORM_DEFAULTS.daysOptions.split(','),
  days: FORM_DEFAULTS.days,
  zipcode: '',
  locate: true,
};

const WHOLE_NUMBER = /^\d{1,5}$/;

/**
 * Reads `data-radius-options`, `data-radius`, `data-days-options`, `data-days`, `data-zipcode` and
 * `data-locate` (`on` or `off`) from the host. Each bad value is reported once, naming the attribute, what it must be and what it was,
 * and its default is used: a typo in the markup never breaks the form.
 */
export function readSearchOptions(host: Element, problem: (error: Error) => void): SearchOptions {
  const fail = (attribute: string, expected: string, fallback: string) => {
    const actual = host.getAttribute(attribute) ?? '';
    problem(new Error(`${attribute} must be ${expected}, got "${actual.slice(0, 60)}"; using ${fallback}.`));
  };

  const list = (attribute: string, fallback: readonly string[]) => {
    const value = host.getAttribute(attribute);
    if (value === null) return fallback;
    const items = value.split(',').map((item) => item.trim());
    if (items.every((item) => WHOLE_NUMBER.test(item))) return [...new Set(items)];
    fail(attribute, 'a comma-separated list of whole numbers', fallback.join(', '));
    return fallback;
  };

  const choice = (attribute: string, options: readonly string[], fallback: string) => {
    const value = host.getAttribute(attribute)?.trim();
    const safeFallback = options.includes(fallback) ? fallback : (options[0] ?? fallback);
    if (value === undefined) return safeFallback;
    if (options.includes(value)) return value;
    fail(attribute, `one of ${options.join(', ')}`, safeFallback);
    return safeFallback;
  };

  const onOff = (attribute: string, fallback: boolean) => {
    const value = host.getAttribute(attribute)?.trim();
    if (value === undefined) return fallback;
    if (value === 'on' || value === 'off') return value === 'on';
    fail(attribute, 'on or off', fallback ? 'on' : 'off');
    return fallback;
  };

  const radiusOptions = list('data-radius-options', DEFAULT_OPTIONS.radiusOptions);
  const daysOptions = list('data-days-options', DEFAULT_OPTIONS.daysOptions);
  return {
    radiusOptions,
    radius: choice('data-radius', radiusOptions, DEFAULT_OPTIONS.radius),
    daysOptions,
    days: choice('data-days', daysOptions, DEFAULT_OPTIONS.days),
    zipcode: host.getAttribute('data-zipcode')?.trim() ?? DEFAULT_OPTIONS.zipcode,
    locate: onOff('data-locate', DEFAULT_OPTIONS.locate),
  };
}
