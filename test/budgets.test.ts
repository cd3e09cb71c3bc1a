import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface SizedFile {
  file: string;
  gzip: number;
}

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

describe('byte budgets (gzip, from the build)', () => {
  const { budgets } = read('package.json') as { budgets: { loader: number } };
  const { files } = read('dist/sizes.json') as { files: SizedFile[] };

  it(`the loader every page downloads stays within ${budgets.loader} bytes`, () => {
    const loader = files.find((f) => f.file === 'donation-widgets.js');
    expect(loader, 'dist/donation-widgets.js: run `npm run build` first').toBeDefined();
    expect(loader?.gzip).toBeLessThanOrEqual(budgets.loader);
  });

  it('no built script pays for a sourceMappingURL line, and each has its map beside it', () => {
    for (const { file } of files) {
      const url = new URL(`../dist/${file}`, import.meta.url);
      expect(readFileSync(url, 'utf8'), file).not.toContain('sourceMappingURL');
      expect(existsSync(new URL(`${url.href}.map`)), `${file}.map`).toBe(true);
    }
  });
});
