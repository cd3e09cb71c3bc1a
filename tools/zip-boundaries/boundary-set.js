/**
 * The whole conversion, shared by `npm run boundaries` (Node) and the settings screen's tool (a
 * browser worker): the same code and the same mapshaper, so both write the same bytes for the same
 * input. mapshaper reads the input and builds its topology; we choose the zips; mapshaper simplifies
 * the shared borders once (so neighbours keep meeting exactly), drops small islands and writes the
 * TopoJSON bundles (by area, see src/shared/boundary-names.js); each zip's KML is then written from its bundle, so
 * the two draw the same shapes. Where the files go is the caller's: a folder, or the site.
 */
import * as topojson from 'topojson-client';
import {
  areaOf,
  BUNDLE_FORMAT,
  BUNDLE_INDEX,
  BUNDLE_OBJECT,
  bundleFile,
  groupAreas,
  kmlFile,
} from '../../src/shared/boundary-names.js';
import { boundaryKml } from './boundary-kml.js';
import { InputError } from './input-error.js';
import { readTopology, runMapshaper, text } from './read-topology.js';
import { chooseZctaField, zctaCode } from './zcta-field.js';

/** What the command and the settings screen use unless told otherwise: 11 m, about a metre's decimals, one hectare. */
export const SET_DEFAULTS = Object.freeze({ tolerance: 11, precision: 5, minArea: 10_000 });

/**
 * @typedef {object} SetOptions
 * @property {string} [field] the attribute holding the zip; found by name when not given
 * @property {string | null} [fieldOption] how messages name the choice of field (the command's --field), or null where there is none
 * @property {(zip: string) => boolean} [only] the zips to write; all when not given
 * @property {number} tolerance metres an outline may stray when simplified; 0 keeps every corner
 * @property {number} precision decimals kept
 * @property {number} minArea square metres: detached parts (islands) smaller than this are dropped
 * @property {{ step: (text: string, stage: 'read' | 'simplify' | 'write') => void, update: (written: number, total: number) => void }} [progress]
 */

/**
 * @typedef {object} BoundarySummary
 * @property {string} field the attribute the zips were read from
 * @property {number} read features read
 * @property {number} written KML files written
 * @property {number} bundles bundles written (and the index, when any)
 * @property {number} filteredOut features --only left out
 * @property {string[]} empty zips without a shape (null records, or nothing left once simplified)
 * @property {number[]} sizes bytes of each KML file written, ascending
 * @property {{ zip: string, bytes: number } | null} largest
 * @property {number} bundleBytes bytes of all bundles
 */

/**
 * Reads `source` and hands each file to `write`, bundles first, each followed by its zips' KML, the
 * index last: a reader of the index finds every file it names.
 * @param {import('./read-topology.js').Mapshaper} mapshaper
 * @param {import('./read-topology.js').InputSource} source
 * @param {SetOptions} options
 * @param {(name: string, text: string) => Promise<void>} write
 * @returns {Promise<BoundarySummary>}
 */
export async function makeBoundarySet(mapshaper, source, options, write) {
  const { progress } = options;
  progress?.step(`Reading ${source.name}…`, 'read');
  const { topology, layer } = await readTopology(mapshaper, source);
  const chosen = chooseZips(layer.geometries, source.name, options);

  progress?.step(`Simplifying ${chosen.kept.length.toLocaleString('en-US')} zips…`, 'simplify');
  const bundles =
    chosen.kept.length > 0
      ? await simplifyIntoBundles(mapshaper, topology, chosen.kept, source.name, options)
      : [];

  progress?.step(`Writing ${chosen.kept.length.toLocaleString('en-US')} zips…`, 'write');
  const total = chosen.kept.length;
  /** @type {number[]} */
  const sizes = [];
  /** @type {string[]} */
  const empty = [...chosen.empty];
  /** @type {{ zip: string, bytes: number } | null} */
  let largest = null;
  let bundleBytes = 0;
  for (const { name, text, bundle } of bundles) {
    await write(bundleFile('', name), text);
    bundleBytes += byteLength(text);
    const { features } = topojson.feature(bundle, bundle.objects[BUNDLE_OBJECT]);
    for (const feature of features) {
      const zip = String(feature.properties?.zip);
      if (!feature.geometry) {
        empty.push(zip);
        continue;
      }
      const kml = boundaryKml(zip, feature.geometry);
      await write(kmlFile('', zip), kml);
      const bytes = byteLength(kml);
      sizes.push(bytes);
      if (!largest || bytes > largest.bytes) largest = { zip, bytes };
      progress?.update(sizes.length + empty.length - chosen.empty.length, total);
    }
  }
  if (bundles.length > 0) {
    const index = {
      format: BUNDLE_FORMAT,
      object: BUNDLE_OBJECT,
      precision: options.precision,
      bundles: Object.fromEntries(bundles.map((b) => [b.name, b.areas]).sort()),
    };
    await write(BUNDLE_INDEX, `${JSON.stringify(index)}\n`);
  }
  return {
    field: chosen.field,
    read: layer.geometries.length,
    written: sizes.length,
    bundles: bundles.length,
    filteredOut: chosen.filteredOut,
    empty: empty.sort(),
    sizes: sizes.sort((a, b) => a - b),
    largest,
    bundleBytes,
  };
}

const encoder = new TextEncoder();
const byteLength = (/** @type {string} */ text) => encoder.encode(text).length;

/**
 * Which records become files: each must hold a five-digit zip in the zip field, once; `only` leaves
 * some out. Records without a shape are counted, not written.
 * @param {Array<{ type: string | null, properties?: Record<string, unknown> }>} geometries
 * @param {string} input named in messages
 * @param {SetOptions} options
 */
function chooseZips(geometries, input, { field: wanted, fieldOption, only }) {
  const first = geometries[0]?.properties ?? {};
  const field = chooseZctaField(Object.keys(first), wanted, input, fieldOption);
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Array<{ type: string | null, properties: { zip: string } }>} */
  const kept = [];
  /** @type {string[]} */
  const empty = [];
  let filteredOut = 0;
  geometries.forEach((geometry, i) => {
    const value = geometry.properties?.[field];
    const zip = zctaCode(value);
    if (!zip)
      throw new InputError(
        `${input}: record ${i + 1}: ${field} is ${JSON.stringify(value ?? null)}, expected a five-digit zip code`,
      );
    if (only && !only(zip)) {
      filteredOut++;
      return;
    }
    const before = seen.get(zip);
    if (before !== undefined)
      throw new InputError(
        `${input}: record ${i + 1}: zip ${zip} again (first at record ${before}); one shape per zip is expected`,
      );
    seen.set(zip, i + 1);
    if (geometry.type === null) empty.push(zip);
    else kept.push({ ...geometry, properties: { zip } });
  });
  return { field, kept, empty, filteredOut };
}

/**
 * mapshaper's part: Douglas–Peucker on the topology (a shared border is simplified once, for both
 * sides; `keep-shapes` stops a small zip from vanishing), small islands dropped, coordinates rounded
 * (every file then holds the same numbers for a shared corner), and one TopoJSON file per area.
 * @param {import('./read-topology.js').Mapshaper} mapshaper
 * @param {import('topojson-specification').Topology} topology
 * @param {Array<{ properties: { zip: string } }>} kept
 * @param {string} input named in messages
 * @param {SetOptions} options
 */
async function simplifyIntoBundles(mapshaper, topology, kept, input, { tolerance, precision, minArea }) {
  /** @type {Map<string, number>} */
  const zipsByArea = new Map();
  for (const { properties } of kept)
    zipsByArea.set(areaOf(properties.zip), (zipsByArea.get(areaOf(properties.zip)) ?? 0) + 1);
  const groups = groupAreas(zipsByArea);
  /** @type {Map<string, string>} */
  const bundleOfArea = new Map();
  for (const [name, areas] of groups) for (const area of areas) bundleOfArea.set(area, name);
  const tagged = kept.map((geometry) => ({
    ...geometry,
    properties: { ...geometry.properties, bundle: bundleOfArea.get(areaOf(geometry.properties.zip)) },
  }));
  const chosen = {
    ...topology,
    objects: { [BUNDLE_OBJECT]: { type: 'GeometryCollection', geometries: tagged } },
  };
  const commands = [
    '-i chosen.json',
    tolerance > 0 ? `-simplify dp interval=${tolerance}m keep-shapes` : '',
    minArea > 0 ? `-filter-islands min-area=${minArea}m2` : '',
    '-split bundle',
    // Rounded, not quantized: quantizing fits a grid to each bundle's own box, and a border two
    // bundles share would land on two grids, a metre apart.
    `-o format=topojson singles no-quantization precision=${(10 ** -precision).toFixed(precision)}`,
  ];
  const output = await runMapshaper(
    mapshaper,
    commands.filter(Boolean).join(' '),
    { 'chosen.json': chosen },
    input,
  );
  // In the order of their names: mapshaper orders its output layers differently in a browser.
  return Object.values(output)
    .map((content) => {
      const written = JSON.parse(text(content));
      const [object] = Object.values(written.objects);
      const geometries = /** @type {Array<{ properties: { zip: string, bundle?: string } }>} */ (
        object.geometries
      );
      const name = String(geometries[0]?.properties.bundle);
      for (const geometry of geometries) geometry.properties = { zip: geometry.properties.zip };
      const bundle = { ...written, objects: { [BUNDLE_OBJECT]: object } };
      return { name, areas: groups.get(name) ?? [], bundle, text: JSON.stringify(bundle) };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}
