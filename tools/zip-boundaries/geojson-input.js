/**
 * GeoJSON as features with their properties, decoded from UTF-8 as it streams in.
 */
import { geojsonFeatures } from './geojson-features.js';
import { InputError } from './input-error.js';

/**
 * @param {string} name
 * @param {NodeJS.ReadableStream} stream
 * @param {number} byteLength
 * @returns {Promise<import('./input.js').Input>}
 */
export async function openGeojson(name, stream, byteLength) {
  let read = 0;
  async function* text() {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (stream)) {
        read += chunk.length;
        yield decoder.decode(chunk, { stream: true });
      }
      yield decoder.decode();
    } catch (error) {
      if (error instanceof TypeError)
        throw new InputError(`${name}: not UTF-8 text near byte ${read}`, { cause: error });
      throw error;
    }
  }
  async function* features() {
    let number = 0;
    for await (const feature of geojsonFeatures(text(), name)) {
      number++;
      const properties = feature.properties;
      yield {
        number,
        properties:
          properties && typeof properties === 'object'
            ? /** @type {Record<string, unknown>} */ (properties)
            : {},
        geometry: feature.geometry,
      };
    }
  }
  return {
    file: name,
    fields: null,
    features: features(),
    progress: () => (byteLength > 0 ? read / byteLength : 0),
    close: () => {},
  };
}
