import { describe, expect, it } from 'vitest';
import { parseToolConfig } from './tool-config.ts';

const good = {
  route: 'https://example.org/wp-json/donation-widgets/v1/boundaries',
  nonce: 'abc123',
  worker: 'https://example.org/wp-content/plugins/donation-widgets/dist/admin/boundaries-worker.js?ver=1',
  limits: { index: 1, bundle: 2, kml: 3, files: 4, bytes: 5, batch: 6 },
};

describe('the boundary tool’s config', () => {
  it('reads the config the settings screen prints', () => {
    expect(parseToolConfig(JSON.stringify(good))).toEqual(good);
  });

  it.each([
    ['not json', "the boundary tool's config is not JSON"],
    [JSON.stringify({ ...good, nonce: '' }), "the boundary tool's config lacks nonce (a string)"],
    [JSON.stringify({ ...good, worker: 7 }), "the boundary tool's config lacks worker (a string)"],
    [
      JSON.stringify({ ...good, limits: { ...good.limits, batch: 0 } }),
      "the boundary tool's config lacks limits.batch (a positive number)",
    ],
  ])('names what is wrong in %s', (text, message) => {
    expect(() => parseToolConfig(text)).toThrow(message);
  });
});
