import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { WORDPRESS_RELEASES } from './wordpress-releases.mjs';

const readme = readFileSync(new URL('../donation-widgets/readme.txt', import.meta.url), 'utf8');
const header = (name: string) => readme.match(new RegExp(`^${name}: *(.+)$`, 'm'))?.[1].trim();

it("names the oldest and newest releases the WordPress suite runs on in readme.txt's header", () => {
  expect({ requires: header('Requires at least'), tested: header('Tested up to') }).toEqual({
    requires: WORDPRESS_RELEASES[0]?.version,
    tested: WORDPRESS_RELEASES.at(-1)?.version,
  });
});

it('lists the releases oldest first, each a different version', () => {
  const versions = WORDPRESS_RELEASES.map((release) => release.version.split('.').map(Number));
  const sorted = [...versions].sort(([a = 0, b = 0], [c = 0, d = 0]) => a - c || b - d);
  expect(versions).toEqual(sorted);
  expect(new Set(WORDPRESS_RELEASES.map((release) => release.version)).size).toBe(versions.length);
});
