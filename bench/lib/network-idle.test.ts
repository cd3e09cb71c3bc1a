import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { trackNetwork } from './network-idle.mjs';

const request = (url: string) => ({ url: () => url });
describe('trackNetwork', () => {
  it('is idle only once the last request has ended and the quiet window has passed without a new one', async () => {
    const page = new EventEmitter();
    const network = trackNetwork(page);
    const chunk = request('http://x/dist/chunks/a.js');
    page.emit('request', chunk);
    await expect(network.idle({ quietMs: 100, timeoutMs: 300 })).rejects.toThrow(/still loading/);
    page.emit('requestfinished', chunk);
    const ended = performance.now();
    await network.idle({ quietMs: 100 });
    expect(performance.now() - ended).toBeGreaterThanOrEqual(95);
  });

  it('counts a failed request as ended', async () => {
    const page = new EventEmitter();
    const network = trackNetwork(page);
    const tile = request('https://tile.openstreetmap.org/1/1/1.png');
    page.emit('request', tile);
    page.emit('requestfailed', tile);
    await expect(network.idle({ quietMs: 10 })).resolves.toBeUndefined();
  });

  it('fails after its timeout, naming what is still loading, instead of hanging the bench', async () => {
    const page = new EventEmitter();
    const network = trackNetwork(page);
    page.emit('request', request('http://x/never-ends'));
    await expect(network.idle({ quietMs: 10, timeoutMs: 100 })).rejects.toThrow(
      /still loading: http:\/\/x\/never-ends/,
    );
  });
});
