/**
 * A dBASE (.dbf) table read record by record: the attribute half of a shapefile, where the Census
 * keeps each shape's ZCTA code.
 */
import { byteReader } from './byte-reader.js';
import { InputError } from './input-error.js';

const FIELD_DESCRIPTOR_BYTES = 32;
const HEADER_TERMINATOR = 0x0d;
const END_OF_FILE = 0x1a;
const DELETED = 0x2a; // '*'

/**
 * @typedef {object} DbfTable
 * @property {string[]} fields field names, in the file's order
 * @property {number} recordCount as the header states it
 * @property {() => Promise<{ deleted: boolean, values: Record<string, string> } | null>} next
 *   the next record, trimmed text by field name; null after the last
 */

/**
 * @param {AsyncIterable<Buffer>} chunks
 * @param {string} file named in errors
 * @returns {Promise<DbfTable>}
 */
export async function openDbf(chunks, file) {
  const reader = byteReader(
    chunks,
    (wanted, left) =>
      new InputError(
        `${file}: the file ends early (${left} of ${wanted} bytes at byte ${reader.position()})`,
      ),
  );
  const header = await reader.read(32);
  if (!header) throw new InputError(`${file}: the file is empty, expected a dBASE (.dbf) table`);
  const recordCount = header.readUInt32LE(4);
  const headerLength = header.readUInt16LE(8);
  const recordLength = header.readUInt16LE(10);
  const descriptorCount = Math.floor((headerLength - 33) / FIELD_DESCRIPTOR_BYTES);
  // The low three bits of the first byte are the dBASE level: 3 in the dBASE III tables shapefiles use
  // (GDAL and the Census write 0x03), 4 or 5 from later dBASE; the high bits flag memo files.
  const level = (header[0] ?? 0) & 0x07;
  if (level < 3 || level > 5 || headerLength < 33 + FIELD_DESCRIPTOR_BYTES || recordLength < 2) {
    throw new InputError(
      `${file}: not a dBASE (.dbf) table (first byte 0x${(header[0] ?? 0).toString(16)}, header ${headerLength} bytes, records ${recordLength} bytes)`,
    );
  }
  const descriptors = /** @type {Buffer} */ (await reader.read(headerLength - 32));
  /** @type {{ name: string, offset: number, length: number }[]} */
  const fields = [];
  let offset = 1; // after the deletion flag
  for (let i = 0; i < descriptorCount && descriptors[i * FIELD_DESCRIPTOR_BYTES] !== HEADER_TERMINATOR; i++) {
    const at = i * FIELD_DESCRIPTOR_BYTES;
    // Names and values are decoded as Latin-1: every byte stays a character, and the values this command
    // uses, zip codes, are ASCII digits whatever code page the table was written in.
    const name = descriptors
      .toString('latin1', at, at + 11)
      .replace(/\0.*$/s, '')
      .trim();
    const length = descriptors[at + 16] ?? 0;
    fields.push({ name, offset, length });
    offset += length;
  }
  if (offset !== recordLength) {
    throw new InputError(
      `${file}: the fields add up to ${offset} bytes per record but the header says ${recordLength}`,
    );
  }

  let read = 0;
  return {
    fields: fields.map((field) => field.name),
    recordCount,
    async next() {
      if (read >= recordCount) return null;
      const record = await reader.read(recordLength);
      if (!record || record[0] === END_OF_FILE) {
        throw new InputError(
          `${file}: the header promises ${recordCount} records but the file ends after ${read}`,
        );
      }
      read++;
      /** @type {Record<string, string>} */
      const values = {};
      for (const field of fields) {
        values[field.name] = record.toString('latin1', field.offset, field.offset + field.length).trim();
      }
      return { deleted: record[0] === DELETED, values };
    },
  };
}
