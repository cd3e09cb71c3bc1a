import { describe, expect, it } from 'vitest';
import { UploadQueue } from './upload-queue.ts';

/** The size of the JSON a batch's pieces make, as a request carries them. */
const jsonSize = (pieces: unknown[]) => new TextEncoder().encode(JSON.stringify(pieces)).length;

describe('the files waiting to be sent', () => {
  it('sends whole files while they fit, in order, counting the KML files and the bytes', () => {
    const queue = new UploadQueue();
    queue.push('zips100.json', 'x'.repeat(300));
    queue.push('zip10001.kml', '<kml/>\n'.repeat(40));
    queue.push('zip10002.kml', 'y'.repeat(500));
    expect(queue.bytes).toBe(300 + 280 + 500);
    const first = queue.take(800);
    expect(first.pieces.map(({ name, at, end }) => ({ name, at, end }))).toEqual([
      { name: 'zips100.json', at: 0, end: true },
      { name: 'zip10001.kml', at: 0, end: true },
    ]);
    expect(first).toMatchObject({ bytes: 580, kml: 1 });
    expect(jsonSize(first.pieces)).toBeLessThanOrEqual(800);
    expect(queue.take(800)).toMatchObject({ bytes: 500, kml: 1 });
    expect(queue.take(800)).toEqual({ pieces: [], bytes: 0, kml: 0 });
    expect(queue.bytes).toBe(0);
  });

  it('sends a file larger than a request in pieces that say where they go, each in a batch of its own', () => {
    const queue = new UploadQueue();
    const text = '"quoted"\n'.repeat(1000);
    queue.push('zips995.json', text);
    queue.push('zip99501.kml', 'small');
    const pieces = [];
    for (let batch = queue.take(2048); batch.pieces.length > 0; batch = queue.take(2048)) {
      expect(jsonSize(batch.pieces)).toBeLessThanOrEqual(2048);
      pieces.push(...batch.pieces);
    }
    const big = pieces.filter((piece) => piece.name === 'zips995.json');
    expect(big.length).toBeGreaterThan(4);
    expect(big.map((piece) => piece.text).join('')).toBe(text);
    expect(big.map((piece) => piece.end)).toEqual([...big.slice(1).map(() => false), true]);
    let at = 0;
    for (const piece of big) {
      expect(piece.at).toBe(at);
      at += piece.text.length;
    }
    expect(pieces.at(-1)).toEqual({ name: 'zip99501.kml', text: 'small', at: 0, end: true });
  });

  it('counts a piece’s place in bytes, as the site does, not in characters', () => {
    const queue = new UploadQueue();
    queue.push('zips100.json', 'é'.repeat(600));
    const first = queue.take(800);
    const second = queue.take(800);
    expect(second.pieces[0]?.at).toBe(new TextEncoder().encode(first.pieces[0]?.text).length);
  });
});
