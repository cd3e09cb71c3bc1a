import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  counties,
  filesIn,
  RHODE_ISLAND_FILES,
  tempFolders,
  writeGeojson,
  writeShapefile,
} from './test-helpers.ts';

const newFolder = tempFolders();
const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.js');

/** The command as `npm run boundaries -- …` runs it: exit code, stdout and stderr. */
function boundaries(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/** Rhode Island's five counties, FIPS codes standing in for zips, as the Census ships a ZCTA file. */
const censusZip = async () =>
  writeShapefile(await newFolder(), counties('44'), 'cb_2020_us_zcta520_500k', true);

describe('npm run boundaries: the command line', () => {
  it('writes the files and says where, how many and how big', async () => {
    const collection = counties('44');
    const providence = collection.features.find((county) => county.properties?.ZCTA5CE20 === '44001');
    (providence as { geometry: unknown }).geometry = null;
    const input = await writeGeojson(await newFolder(), collection);
    const outDir = await newFolder();
    const { code, stdout } = await boundaries(input, outDir);
    expect(code).toBe(0);
    expect(await filesIn(outDir)).toEqual(RHODE_ISLAND_FILES.filter((name) => name !== 'zip44001.kml'));
    expect(stdout).toContain(
      `Wrote 4 KML files and 1 area bundle to ${outDir} from 5 records (zip codes from ZCTA5CE20); 1 zip without a shape (44001).`,
    );
    expect(stdout).toMatch(
      /KML sizes: median \d+\.\d KB, 95% under \d+\.\d KB, largest \d+\.\d KB \(zip \d{5}\); \d+\.\d KB in all\. Bundles: \d+\.\d KB in all\./,
    );
  });

  it('passes --only, --field, --tolerance, --precision and --min-area on', async () => {
    const outDir = await newFolder();
    const { code, stdout } = await boundaries(
      await censusZip(),
      outDir,
      '--only=44007,44009',
      '--field',
      'GEOID20',
      '--tolerance',
      '0.5km',
      '--precision',
      '4',
      '--min-area',
      '0',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Wrote 2 KML files and 1 area bundle');
    expect(stdout).toContain('(zip codes from GEOID20); 3 zips left out by --only.');
  });

  it('shows its steps on stderr, and none with --quiet', async () => {
    const input = await censusZip();
    const loud = await boundaries(input, await newFolder());
    expect(loud.stderr.startsWith(`Reading ${input}…\nSimplifying 5 zips…\nWriting 5 zips…\n`)).toBe(true);
    expect(loud.stderr).toMatch(/^(?:[^\n]+…\n){3}(?:\d of 5 files written\n)+$/);
    const quiet = await boundaries(input, await newFolder(), '--quiet');
    expect(quiet.stderr).toBe('');
  });

  it('prints the usage for --help', async () => {
    const { code, stdout } = await boundaries('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run boundaries -- <input> <outdir> \[options\]/);
  });

  it.each([[[]], [['only-one-argument']], [['a', 'b', 'c']]])(
    'prints the usage and exits 2 for the arguments %j',
    async (args) => {
      const { code, stderr } = await boundaries(...args);
      expect(code).toBe(2);
      expect(stderr).toContain(`zip-boundaries: expected <input> and <outdir>, got ${args.length} arguments`);
      expect(stderr).toContain('Usage: npm run boundaries');
    },
  );

  it('names an unknown option and exits 2', async () => {
    const { code, stderr } = await boundaries('in.zip', await newFolder(), '--tolerence', '1');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^zip-boundaries: Unknown option '--tolerence'/);
  });

  it.each([
    [
      ['--tolerance', 'fine'],
      '--tolerance: "fine" is not a distance: metres (11m), kilometres (0.5km) or degrees from 0 to 1',
    ],
    [
      ['--tolerance=-1'],
      '--tolerance: "-1" is not a distance: metres (11m), kilometres (0.5km) or degrees from 0 to 1',
    ],
    [
      ['--tolerance=2'],
      '--tolerance: "2" is not a distance: metres (11m), kilometres (0.5km) or degrees from 0 to 1',
    ],
    [['--precision', '12'], '--precision: "12" is not a whole number from 3 to 8'],
    [['--min-area', ''], '--min-area: "" is not a number of square metres, 0 or more'],
    [
      ['--only', '6060x'],
      '--only: "6060x" is not a zip code (60601), a zip prefix (606) or a state code (IL)',
    ],
    [['--only', 'ZZ'], '--only: "ZZ" is not a US state or territory code'],
  ])('names the option whose value is wrong: %j', async (args, message) => {
    const outDir = await newFolder();
    const { code, stderr } = await boundaries('in.zip', outDir, ...args);
    expect(code).toBe(1);
    expect(stderr).toBe(`zip-boundaries: ${message}\n`);
    expect(await filesIn(outDir)).toEqual([]);
  });

  it('prints an input error as one line naming the file, without a stack, and exits 1', async () => {
    const input = await censusZip();
    const { code, stderr } = await boundaries(input, await newFolder(), '--field', 'ZIP', '--quiet');
    expect(code).toBe(1);
    expect(stderr).toBe(
      `zip-boundaries: ${input}: has no field ZIP (--field); its fields are ZCTA5CE20, AFFGEOID20, GEOID20, NAME20, LSAD20\n`,
    );
  });

  it('exits 1 and says why when no file was written', async () => {
    const { code, stdout } = await boundaries(await censusZip(), await newFolder(), '--only', '99999');
    expect(code).toBe(1);
    expect(stdout).toContain('Wrote 0 KML files and 0 area bundles');
    expect(stdout).toContain('No files written: check --only, or that the file is the ZCTA boundary file.');
  });
});
