/**
 * Which module of the source imports which, as TypeScript reads them: from the compiler's own account of
 * why each file is in the program (`tsc --explainFiles`), so type-only imports count, as they do for a
 * reader, while esbuild drops them from what ships. Static and dynamic imports, re-exports and
 * `import type` alike; packages left out.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** A file's header line, then one indented line per reason it is in the program. */
const IMPORTED_FROM = /^\s+Imported via (?:'[^']*'|"[^"]*") from file '([^']+)'$/;

/** Module → the modules it imports, each a path from `root`, for the modules `keep` accepts. */
export function sourceImportGraph(root: string, keep: (module: string) => boolean): Map<string, string[]> {
  const explained = execFileSync(
    path.join(root, 'node_modules/.bin/tsc'),
    ['-p', 'tsconfig.json', '--explainFiles', '--noCheck', '--noEmit'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const graph = new Map<string, string[]>();
  let file = '';
  for (const line of explained.split('\n')) {
    if (/^\S/.test(line)) {
      file = line.trim();
      if (keep(file) && !graph.has(file)) graph.set(file, []);
      continue;
    }
    const importer = line.match(IMPORTED_FROM)?.[1];
    if (importer === undefined || !keep(importer) || !keep(file)) continue;
    graph.set(importer, [...(graph.get(importer) ?? []), file].sort());
  }
  return graph;
}
