import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirst from './test/reporters/longest-first.ts';
import { projectName, WORDPRESS_RELEASES } from './wordpress-plugin/test/wordpress-releases.mjs';

// Five kinds of project, so each kind of test gets the environment it needs and can be run alone:
//   unit    — pure logic and components in jsdom (testing-library + msw)
//   node    — the mock server over real HTTP, the admin's command-line tools, readme.txt against the releases
//   browser — real Chromium, Firefox and WebKit (test/engines/) against the mock server and the built dist/
//   wordpress-<version> — the plugin zip installed into a real WordPress of that release, driven in Chromium
//   preact, preact-browser — the donors search's own unit and browser tests on the Preact flavour; `npm test`
//     names the other projects and so leaves these out, `npm run test:preact` runs them once that flavour is built

const unit = {
  test: {
    name: 'unit',
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'test/**/*.test.tsx'],
    exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
    setupFiles: ['test/setup-dom.ts'],
    // Every core: vitest's default leaves one idle (a single worker on two cores).
    maxWorkers: '100%',
  },
} satisfies TestProjectInlineConfiguration;

const browser = {
  test: {
    name: 'browser',
    environment: 'node',
    globals: true,
    include: ['**/*.browser.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A map draws after two chunk downloads, frames and KML fetches: well past the 1 s default on a
    // loaded two-core CI machine. A poll still returns as soon as its value is right.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: one browser per worker is what the machine holds without timing out. A project
    // with its own worker count must run in its own group, after the jsdom and node tests.
    maxWorkers: 2,
    // A worker keeps its modules from file to file, and with them its browsers (test/engines/launch.ts):
    // a browser starts once per worker, not once per file (Firefox takes seconds on two cores).
    isolate: false,
    sequence: { groupOrder: 1 },
  },
} satisfies TestProjectInlineConfiguration;

// The Preact flavour (`node build.mjs --flavour=preact`, see docs/developing.md) runs the same React
// components through preact/compat: its projects resolve react and react-dom as that build bundles them.
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const preactAlias = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Its CommonJS build would require react-dom past the aliases; its ES build imports through them.
  {
    find: /^@testing-library\/react$/,
    replacement: local('node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
  },
  // test/browser.ts starts the mock server with dist/; this stand-in serves dist-preact/.
  { find: /^\.\.\/mock-server\/server\.js$/, replacement: local('test/preact/mock-server.mjs') },
];

/** `project` as the Preact flavour runs it: the donors search's files only, React aliased to Preact. */
function onPreact(project: typeof unit | typeof browser, name: string, include: string) {
  return {
    resolve: { alias: preactAlias },
    test: {
      ...project.test,
      name,
      include: [include],
      setupFiles: [...('setupFiles' in project.test ? project.test.setupFiles : []), 'test/preact/setup.ts'],
      // Libraries under node_modules are loaded by Node, past the alias, unless inlined:
      // @testing-library/react must render with the same preact as the components.
      server: { deps: { inline: [/@testing-library\/react/] } },
    },
  } satisfies TestProjectInlineConfiguration;
}

export default defineConfig({
  test: {
    // Beside the usual report, each project's time for `.ci/run`'s record (test/reporters/project-times.ts).
    reporters: ['default', './test/reporters/project-times.ts'],
    // The few files far longer than their size start first on a fresh clone (test/reporters/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      unit,
      {
        test: {
          name: 'node',
          environment: 'node',
          globals: true,
          include: [
            'mock-server/**/*.test.{js,ts}',
            'test/**/*.test.ts',
            'bench/**/*.test.{js,ts}',
            'tools/**/*.test.{js,ts}',
            'wordpress-plugin/**/*.test.{js,ts}',
          ],
          exclude: ['**/*.browser.test.ts', '**/*.wordpress.test.ts', '**/node_modules/**'],
          testTimeout: 30_000,
          // As the unit project (they run together).
          maxWorkers: '100%',
        },
      },
      browser,
      // One project per WordPress release (wordpress-plugin/test/wordpress-releases.mjs), each with its
      // own real site; the releases run one after another, oldest first.
      ...WORDPRESS_RELEASES.map((release, index) => ({
        test: {
          name: projectName(release),
          environment: 'node',
          globals: true,
          include: release.tests,
          // The release's real sites (see wordpress-plugin/test/global-setup.ts; one each today): a worker
          // per site, each running its files one after another on its own site (wordpress-suite.ts's
          // `suiteSite`), and keeping its modules and its Chromium from file to file.
          globalSetup: ['wordpress-plugin/test/global-setup.ts'],
          maxWorkers: release.sites,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 2 + index },
        },
      })),
      onPreact(unit, 'preact', 'widgets/donors-search/**/*.test.{ts,tsx}'),
      onPreact(browser, 'preact-browser', 'widgets/donors-search/**/*.browser.test.ts'),
    ],
  },
});
