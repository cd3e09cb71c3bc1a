/**
 * Exact-length reads from a stream of chunks, so a record reader can ask for "the next 8 bytes",
 * then "the next 412", without holding more of the file than one chunk and one record.
 */

/**
 * @typedef {object} ByteReader
 * @property {(length: number) => Promise<Buffer | null>} read the next `length` bytes; null at the
 *   very end of the stream; an Error if the stream ends part-way through them (see `truncated`)
 * @property {(length: number) => Promise<void>} skip
 * @property {() => number} position bytes handed out so far
 */

/**
 * @param {AsyncIterable<Buffer>} chunks a Readable stream, or any async iterable of Buffers
 * @param {(bytesWanted: number, bytesLeft: number) => Error} truncated the error for a stream that
 *   ends in the middle of a read
 * @returns {ByteReader}
 */
export function byteReader(chunks, truncated) {
  const iterator = chunks[Symbol.asyncIterator]();
  /** @type {Buffer[]} */
  let pending = [];
  let buffered = 0;
  let position = 0;
  let ended = false;

  /** @param {number} length */
  async function fill(length) {
    while (buffered < length && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else if (next.value.length > 0) {
        pending.push(next.value);
        buffered += next.value.length;
      }
    }
  }

  /** @param {number} length */
  function take(length) {
    const joined = pending.length === 1 ? pending[0] : Buffer.concat(pending, buffered);
    const bytes = joined.subarray(0, length);
    pending = length < buffered ? [joined.subarray(length)] : [];
    buffered -= length;
    position += length;
    return bytes;
  }

  return {
    async read(length) {
      await fill(length);
      if (buffered === 0 && length > 0) return null;
      if (buffered < length) throw truncated(length, buffered);
      return take(length);
    },
    async skip(length) {
      if ((await this.read(length)) === null && length > 0) throw truncated(length, 0);
    },
    position: () => position,
  };
}
