/**
 * The zip `npm run plugin` makes (the suite's own, built from the sources by global-setup.ts), held to
 * package.json's budgets: bytes well under the 2 MB a default PHP lets Plugins → Upload Plugin take, and
 * a number of files that unpacks quickly on a shared host. Nothing left out to get there: the zip code
 * files "use my location" reads are all in it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeWordPress, useWordPress } from './wordpress-suite.ts';

const { budgets } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  budgets: { pluginZipBytes: number; pluginZipFiles: number };
};

describeWordPress('the plugin zip', () => {
  const wp = useWordPress();

  it(`weighs at most ${budgets.pluginZipBytes} bytes in at most ${budgets.pluginZipFiles} entries`, () => {
    const entries = execFileSync('zipinfo', ['-1', wp.site.zip], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(statSync(wp.site.zip).size).toBeLessThanOrEqual(budgets.pluginZipBytes);
    expect(entries.length).toBeLessThanOrEqual(budgets.pluginZipFiles);
  });

  it('carries every zip code file the lookup names, and the lookup names them all', () => {
    const entries = execFileSync('zipinfo', ['-1', wp.site.zip], { encoding: 'utf8' }).split('\n');
    const files = entries.filter((entry) =>
      /^donation-widgets\/dist\/zip-centroids\/[0-9a-f]{8}\/.+\.json$/.test(entry),
    );
    const cells = files.map((file) => file.replace(/^.*\/(.+)\.json$/, '$1')).sort();
    // The lookup chunk is built with the list of cells that have a file: each must be in the zip.
    const chunks = entries.filter((entry) => /^donation-widgets\/dist\/.+\.js$/.test(entry));
    const named = chunks
      .map((chunk) =>
        execFileSync('unzip', ['-p', wp.site.zip, chunk], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
      )
      .flatMap((code) =>
        [...code.matchAll(/"((?:-?\d+_-?\d+,)+-?\d+_-?\d+)"/g)].map((match) => match[1] ?? ''),
      );
    expect(named).toHaveLength(1);
    expect(named[0]?.split(',').sort()).toEqual(cells);
    expect(cells.length).toBeGreaterThan(200);
  });
});
