import { defineConfig } from 'vitest/config';
import { projectName, WORDPRESS_RELEASES } from './wordpress-plugin/test/wordpress-releases.mjs';

// Four kinds of project, so each kind of test gets the environment it needs and can be run alone:
//   unit    — pure logic and components in jsdom (testing-library + msw)
//   node    — the mock server over real HTTP, the admin's command-line tools, readme.txt against the releases
//   browser — real Chromium, Firefox and WebKit (test/engines/) against the mock server and the built dist/
//   wordpress-<version> — the plugin zip installed into a real WordPress of that release, driven in Chromium
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          setupFiles: ['test/setup-dom.ts'],
        },
      },
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
        },
      },
      {
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
          sequence: { groupOrder: 1 },
        },
      },
      // One project per WordPress release (wordpress-plugin/test/wordpress-releases.mjs), each with its
      // own real site; the releases run one after another, oldest first.
      ...WORDPRESS_RELEASES.map((release, index) => ({
        test: {
          name: projectName(release),
          environment: 'node',
          globals: true,
          include: release.tests,
          // One real WordPress for the project (see wordpress-plugin/test/global-setup.ts); its files
          // share the site's state, so they run one after another.
          globalSetup: ['wordpress-plugin/test/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 2 + index },
        },
      })),
    ],
  },
});
