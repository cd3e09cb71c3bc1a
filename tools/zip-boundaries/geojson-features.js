/**
 * The features of a GeoJSON file, one at a time, from text that arrives in chunks: a national ZCTA
 * file is half a gigabyte, far more than one JSON.parse should hold. Reads a FeatureCollection
 * (the features of its `features` array), a single Feature, or a sequence of Features, one per line
 * as GDAL's GeoJSONSeq writes them (RFC 8142 record separators included).
 */
import { InputError } from './input-error.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const RECORD_SEPARATOR = 0x1e;

/**
 * @param {AsyncIterable<string>} chunks text, split anywhere
 * @param {string} file named in errors
 * @returns {AsyncGenerator<{ type?: unknown, geometry?: unknown, properties?: unknown }>}
 */
export async function* geojsonFeatures(chunks, file) {
  /** Open containers, '{' or '[', outermost first. */
  const stack = [];
  let inString = false;
  let escaped = false;
  /** The text of the key string at the top level being read, or the last one read. */
  let topKey = '';
  /** @type {string[] | null} */
  let keyPieces = null;
  /** The value being captured: a feature, or the top-level object until it proves to be a collection. */
  /** @type {string[] | null} */
  let capture = null;
  let captureDepth = -1;
  let isCollection = false;
  let count = 0;
  /** Characters in the chunks before this one, for positions in messages. */
  let before = 0;

  for await (const chunk of chunks) {
    let captureFrom = 0;
    let keyFrom = 0;
    /** @type {object[]} */
    const done = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (keyPieces) {
            keyPieces.push(chunk.slice(keyFrom, i));
            topKey = keyPieces.join('');
            keyPieces = null;
          }
        }
        continue;
      }
      switch (c) {
        case QUOTE:
          inString = true;
          if (stack.length === 1 && stack[0] === OPEN_OBJECT) {
            keyPieces = [];
            keyFrom = i + 1;
          }
          break;
        case COLON:
          if (stack.length === 1 && topKey === 'features' && !isCollection) {
            // A collection: its own text is of no use, only its features are kept.
            isCollection = true;
            capture = null;
          }
          break;
        case OPEN_OBJECT:
          if (stack.length === 0 || (isCollection && stack.length === 2 && topKey === 'features')) {
            capture = [];
            captureFrom = i;
            captureDepth = stack.length;
          }
          stack.push(c);
          break;
        case OPEN_ARRAY:
          if (stack.length === 0)
            throw notGeojson(file, 'starts with "[", expected a FeatureCollection or Features');
          stack.push(c);
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          if (stack.pop() !== c - 2)
            throw notGeojson(
              file,
              `has an unmatched "${String.fromCharCode(c)}" at character ${before + i + 1}`,
            );
          if (capture && stack.length === captureDepth) {
            capture.push(chunk.slice(captureFrom, i + 1));
            done.push(parseFeature(capture.join(''), file, ++count));
            capture = null;
          }
          if (stack.length === 0) {
            isCollection = false;
            topKey = '';
          }
          break;
        default:
          if (stack.length === 0 && !isWhitespace(c) && c !== RECORD_SEPARATOR) {
            throw notGeojson(
              file,
              `has "${String.fromCharCode(c)}" outside any object, expected a FeatureCollection or Features`,
            );
          }
      }
    }
    before += chunk.length;
    if (capture) capture.push(chunk.slice(captureFrom));
    if (keyPieces) keyPieces.push(chunk.slice(keyFrom));
    yield* /** @type {any[]} */ (done);
  }
  if (stack.length > 0)
    throw new InputError(
      `${file}: the file ends inside an unfinished JSON value (after ${count} feature${count === 1 ? '' : 's'})`,
    );
}

/**
 * @param {string} text
 * @param {string} file
 * @param {number} number counted from 1
 */
function parseFeature(text, file, number) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(
      `${file}: feature ${number} is not valid JSON (${/** @type {Error} */ (error).message})`,
    );
  }
  if (value?.type !== 'Feature') {
    throw new InputError(
      `${file}: feature ${number} has type ${JSON.stringify(value?.type)}, expected "Feature"`,
    );
  }
  return value;
}

/** @param {number} c */
const isWhitespace = (c) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;

/**
 * @param {string} file
 * @param {string} problem
 */
const notGeojson = (file, problem) => new InputError(`${file}: not GeoJSON: the text ${problem}`);
