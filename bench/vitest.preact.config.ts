/**
 * The preact flavour under the project's own tests: the same projects as vitest.config.ts,
 * with react and react-dom resolved to preact/compat (as `node build.mjs --flavour=preact` bundles
 * them) and every browser test served dist-preact/ instead of dist/.
 *   node build.mjs --flavour=preact && npx vitest run --config bench/vitest.preact.config.ts widgets/donors-search
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../vitest.config.ts';

const alias = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Its CommonJS build would require react-dom past the aliases; its ES build imports through them.
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      new URL('../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
    ),
  },
  // test/browser.ts starts the mock server with dist/; this stand-in serves dist-preact/.
  {
    find: /^\.\.\/mock-server\/server\.js$/,
    replacement: fileURLToPath(new URL('./preact-mock-server.mjs', import.meta.url)),
  },
];

const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: projects.map((project, index) => ({
      ...project,
      resolve: { alias },
      test: {
        ...project.test,
        setupFiles: [
          ...[project.test?.setupFiles ?? []].flat(),
          fileURLToPath(new URL('./preact-setup.ts', import.meta.url)),
        ],
        // Libraries under node_modules are loaded by Node, past the alias, unless inlined:
        // @testing-library/react must render with the same preact as the components.
        server: { deps: { inline: [/@testing-library\/react/] } },
        // Projects with their own maxWorkers (browser) must run as a group of their own.
        sequence: { ...project.test?.sequence, groupOrder: index },
      },
    })),
  },
});
