/**
 * The files waiting to be sent, taken out in batches that fit one request: whole files while they
 * fit, and a file larger than a request in pieces, each piece saying where in the file it goes (in
 * bytes, as the site counts them).
 */
import type { Piece } from './site-client.ts';

/** Room in a request for the JSON around each file: its name, `at`, `end` and the punctuation. */
const PER_FILE = 64;

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;
/** Bytes `text` takes inside a JSON string. */
const jsonBytes = (text: string) => bytesOf(JSON.stringify(text)) - 2;

interface Queued {
  name: string;
  text: string;
  /** Bytes of the file sent already. */
  at: number;
}

export interface Batch {
  pieces: Piece[];
  /** Bytes of the files' text the batch carries. */
  bytes: number;
  /** How many KML files it completes. */
  kml: number;
}

export class UploadQueue {
  #files: Queued[] = [];
  #bytes = 0;

  /** Bytes of text waiting. */
  get bytes(): number {
    return this.#bytes;
  }

  push(name: string, text: string): void {
    this.#files.push({ name, text, at: 0 });
    this.#bytes += bytesOf(text);
  }

  /** The next batch, whose pieces' JSON takes at most `limit` bytes; empty when nothing waits. */
  take(limit: number): Batch {
    const batch: Batch = { pieces: [], bytes: 0, kml: 0 };
    let room = limit;
    while (this.#files.length > 0) {
      const file = this.#files[0] as Queued;
      const cost = jsonBytes(file.text) + file.name.length + PER_FILE;
      if (cost <= room) {
        this.#files.shift();
        batch.pieces.push({ name: file.name, text: file.text, at: file.at, end: true });
        this.#count(batch, bytesOf(file.text));
        if (file.name.endsWith('.kml')) batch.kml++;
        room -= cost;
        continue;
      }
      // Larger than a request: as much of it as fits, alone.
      if (batch.pieces.length === 0) {
        const text = fitting(file.text, limit - file.name.length - PER_FILE);
        batch.pieces.push({ name: file.name, text, at: file.at, end: false });
        const bytes = bytesOf(text);
        file.text = file.text.slice(text.length);
        file.at += bytes;
        this.#count(batch, bytes);
      }
      break;
    }
    return batch;
  }

  #count(batch: Batch, bytes: number) {
    batch.bytes += bytes;
    this.#bytes -= bytes;
  }
}

/** The longest start of `text` whose JSON takes at most `room` bytes (at least one character). */
function fitting(text: string, room: number): string {
  let end = Math.min(text.length, Math.max(1, room));
  while (end > 1 && jsonBytes(text.slice(0, end)) > room) end = Math.floor(end * 0.9);
  // Never between the two halves of a character outside the Basic Multilingual Plane.
  if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return text.slice(0, Math.max(1, end));
}
