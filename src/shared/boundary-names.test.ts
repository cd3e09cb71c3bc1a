/**
 * The names of a set of zip boundary files, the bundle's side: every name in boundary-names.cases.json
 * that the plugin takes (wordpress-plugin/test/boundary-names.test.ts runs the same cases against its
 * PHP) is one the tool writes and the map asks for, and every name it refuses is none of them.
 */
import { expect, test } from 'vitest';
import cases from './boundary-names.cases.json' with { type: 'json' };
import { BUNDLE_INDEX, bundleFile, kmlFile } from './boundary-names.js';

const digits = (length: number) =>
  Array.from({ length: 10 ** length }, (_, n) => String(n).padStart(length, '0'));

/** What a set may hold: the index, a bundle per area, a KML file per zip. */
const written = new Set([
  BUNDLE_INDEX,
  ...digits(3).map((area) => bundleFile('', area)),
  ...digits(5).map((zip) => kmlFile('', zip)),
]);

/** The name the layout gives a file of each kind, for the zip or area it holds. */
const nameOf = {
  index: () => BUNDLE_INDEX,
  bundle: (area: string) => bundleFile('', area),
  kml: (zip: string) => kmlFile('', zip),
};

test.each(cases as [string, keyof typeof nameOf | null, string][])(
  '%j is a name of the layout: %s %s',
  (name, kind, code) => {
    if (kind) expect(nameOf[kind](code)).toBe(name);
    else expect(written.has(name)).toBe(false);
  },
);
