/**
 * Which attribute holds the zip code. Census files name it after the census year: ZCTA5CE20 (2020
 * on), ZCTA5CE10 (2010-2019); GEOID20 / GEOID10 hold the same five digits. Exports made elsewhere
 * often call it ZIP or ZCTA.
 */
import { InputError } from './input-error.js';

const CANDIDATES = [
  /^ZCTA5CE\d\d$/i,
  /^ZCTA5CE$/i,
  /^GEOID\d\d$/i,
  /^ZCTA5$/i,
  /^ZCTA$/i,
  /^GEOID$/i,
  /^ZIP_?(CODE)?$/i,
];

/**
 * The field named by the admin (any case), or the first known name present.
 * @param {string[]} fields the names the file has
 * @param {string | undefined} wanted from --field
 * @param {string} where the file, named in errors
 * @param {string | null} [option] how messages name the choice of field; null where the admin has none
 */
export function chooseZctaField(fields, wanted, where, option = '--field') {
  const available = fields.length > 0 ? fields.join(', ') : 'none';
  if (wanted !== undefined) {
    const found = fields.find((name) => name.toLowerCase() === wanted.toLowerCase());
    if (!found)
      throw new InputError(
        `${where}: has no field ${wanted}${option ? ` (${option})` : ''}; its fields are ${available}`,
      );
    return found;
  }
  for (const candidate of CANDIDATES) {
    const found = fields.find((name) => candidate.test(name));
    if (found) return found;
  }
  throw new InputError(
    `${where}: no ZCTA code field found (looked for ZCTA5CE20, ZCTA5CE10, GEOID20, ZCTA5, ZIP…); its fields are ${available}.${option ? ` Name the right one with ${option}` : ' Is it the ZCTA boundary file?'}`,
  );
}

/**
 * A field value as a five-digit zip, or null. A number (a GeoJSON export that lost the quotes) gets
 * its leading zeros back: 501 is 00501, Holtsville NY.
 * @param {unknown} value
 */
export function zctaCode(value) {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100_000) {
    return String(value).padStart(5, '0');
  }
  return typeof value === 'string' && /^\d{5}$/.test(value.trim()) ? value.trim() : null;
}
