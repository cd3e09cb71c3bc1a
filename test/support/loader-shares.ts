/**
 * The modules of src/shared/ the loader and its loading strategies may import, each with the file that
 * imports it and why: src/shared/ is what islands share, and a module the loader imports is paid for by
 * every page (the strategies' by every page with an intent host), so each one here is a decision.
 * test/import-graph.test.ts fails when the loader reaches any other; test/shipped-once.test.ts lets these
 * alone be in two of a page's files (the loader is built apart from the islands' chunks, so a module both
 * import is in both).
 */
export const LOADER_SHARES: Readonly<Record<string, string>> = {
  // The may-report page condition decides whether the tracker downloads at all from the default conversion paths.
  'src/shared/conversion-pages.ts': 'src/loader/page-conditions.ts',
  // The intent strategy numbers the ids of a snippet's copies before the island arrives, as the island does,
  // by the rule the plugin and the demo print copies by.
  'src/shared/copy-attributes.js': 'src/loader/strategies/number-copy.ts',
  'src/shared/copy-numbers.js': 'src/loader/strategies/number-copy.ts',
  // A search held before its code arrives gives the page-wide submit lock back if that code cannot load.
  'src/shared/submit-lock-signal.ts': 'src/loader/strategies/intent.ts',
};
