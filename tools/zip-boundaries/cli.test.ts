import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesIn, fixture, tempFolders } from './test-helpers.ts';

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

describe('npm run boundaries: the command line', () => {
  it('writes the files and says where, how many and how big', async () => {
    const outDir = await newFolder();
    const { code, stdout } = await boundaries(fixture('tiny-zcta.zip'), outDir);
    expect(code).toBe(0);
    expect(await filesIn(outDir)).toEqual(['zip00501.kml', 'zip60601.kml', 'zip60602.kml']);
    expect(stdout).toContain(
      `Wrote 3 files to ${outDir} from 4 records (zip codes from ZCTA5CE20); 1 zip without a shape.`,
    );
    expect(stdout).toMatch(
      /Sizes: median \d+\.\d KB, 95% under \d+\.\d KB, largest \d+\.\d KB \(zip 60602\); \d+\.\d KB in all\./,
    );
    expect(stdout).toContain('Dropped 1 island under 10,000 m² (--min-area).');
  });

  it('passes --only, --field, --tolerance, --precision and --min-area on', async () => {
    const outDir = await newFolder();
    const { code, stdout } = await boundaries(
      fixture('tiny-zcta.geojson'),
      outDir,
      '--only=606',
      '--field',
      'GEOID20',
      '--tolerance',
      '0',
      '--precision',
      '4',
      '--min-area',
      '0',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Wrote 2 files');
    expect(stdout).toContain('(zip codes from GEOID20); 1 zip left out by --only, 1 zip without a shape.');
    expect(stdout).not.toContain('Dropped');
  });

  it('shows progress on stderr, and none with --quiet', async () => {
    const loud = await boundaries(fixture('tiny-zcta.shp'), await newFolder());
    expect(loud.stderr).toMatch(/^\d+% read, \d files written$/m);
    const quiet = await boundaries(fixture('tiny-zcta.shp'), await newFolder(), '--quiet');
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
    const { code, stderr } = await boundaries(
      fixture('tiny-zcta.zip'),
      await newFolder(),
      '--tolerence',
      '1',
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/^zip-boundaries: Unknown option '--tolerence'/);
  });

  it.each([
    [['--tolerance', 'fine'], '--tolerance: "fine" is not a number of degrees from 0 to 1'],
    [['--tolerance=-1'], '--tolerance: "-1" is not a number of degrees from 0 to 1'],
    [['--precision', '12'], '--precision: "12" is not a whole number from 3 to 8'],
    [['--min-area', ''], '--min-area: "" is not a number of square metres, 0 or more'],
    [
      ['--only', '6060x'],
      '--only: "6060x" is not a zip code (60601), a zip prefix (606) or a state code (IL)',
    ],
    [['--only', 'ZZ'], '--only: "ZZ" is not a US state or territory code'],
  ])('names the option whose value is wrong: %j', async (args, message) => {
    const outDir = await newFolder();
    const { code, stderr } = await boundaries(fixture('tiny-zcta.zip'), outDir, ...args);
    expect(code).toBe(1);
    expect(stderr).toBe(`zip-boundaries: ${message}\n`);
    expect(await filesIn(outDir)).toEqual([]);
  });

  it('prints an input error as one line naming the file, without a stack, and exits 1', async () => {
    const { code, stderr } = await boundaries(
      fixture('tiny-zcta.zip'),
      await newFolder(),
      '--field',
      'ZIP',
      '--quiet',
    );
    expect(code).toBe(1);
    expect(stderr).toBe(
      `zip-boundaries: ${fixture('tiny-zcta.zip')}: tiny-zcta.dbf: has no field ZIP (--field); its fields are ZCTA5CE20, AFFGEOID20, GEOID20, NAME20, LSAD20, ALAND20\n`,
    );
  });

  it('exits 1 and says why when no file was written', async () => {
    const { code, stdout } = await boundaries(fixture('tiny-zcta.zip'), await newFolder(), '--only', '99999');
    expect(code).toBe(1);
    expect(stdout).toContain('Wrote 0 files');
    expect(stdout).toContain('No files written: check --only, or that the file is the ZCTA boundary file.');
  });
});
