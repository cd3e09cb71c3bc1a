/**
 * Keeps the search index in step with json-server's `donations` collection. json-server changes the
 * collection in place, so a write is noticed two ways: the write request finishing (`markChanged`)
 * and, as a safety net, the array itself being replaced or changing length. The index is rebuilt
 * on the next search, not on every write.
 */
import { buildDonationIndex } from './donation-index.js';

/**
 * @param {() => unknown} readCollection
 * @returns {{current(): import('./donation-index.js').DonationIndex, markChanged(): void}}
 */
export function createDonationStore(readCollection) {
  /** @type {import('./donation-index.js').DonationIndex | undefined} */
  let index;
  /** @type {unknown} */
  let builtFrom;
  let builtLength = -1;
  let changed = true;
  return {
    current() {
      const collection = readCollection();
      const records = Array.isArray(collection) ? collection : [];
      if (changed || !index || collection !== builtFrom || records.length !== builtLength) {
        index = buildDonationIndex(records);
        builtFrom = collection;
        builtLength = records.length;
        changed = false;
      }
      return index;
    },
    markChanged() {
      changed = true;
    },
  };
}
