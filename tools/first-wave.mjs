// @ts-check
/**
 * Which built files a page asks for together, read from esbuild's metafile. A browser finds a file's
 * static imports only once that file has arrived: a file found that way behind a big download waits
 * for all of it, and then for a round trip of its own. build.mjs names such files to whoever asks for
 * the code (the loader for an island's chunk, the map's code for the map), so they leave in one wave.
 */

/**
 * @typedef {{ imports: { path: string, kind: string }[] }} Output
 *   an output of esbuild's metafile, as much of it as these read
 */

/** @param {string} file */
const nameOf = (file) => file.slice(file.lastIndexOf('/') + 1);

/**
 * `file`'s name, then the names of every file it imports statically, transitively, each once: what
 * must arrive before its code runs. Names only: every file of the islands' pass is in chunks/.
 * @param {Readonly<Record<string, Output>>} outputs
 * @param {string} file the output's path, as the metafile names it
 * @returns {string[]}
 */
export function staticGraph(outputs, file) {
  /** @type {string[]} */
  const names = [];
  /** @param {string} path */
  const visit = (path) => {
    if (names.includes(nameOf(path))) return;
    names.push(nameOf(path));
    // An external file (React's, built in a pass of its own) has no output here: it imports nothing.
    for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(file);
  return names;
}

/**
 * The files the loader asks for at once for an entry: its own first, then those of its static graph
 * that cannot wait to be found. One the entry imports itself may, if small: the browser finds it as
 * soon as the entry arrives, the first file asked for: a round trip at most, where naming it would
 * cost every page's loader bytes. Any other is named: a big file, and one found only inside another
 * file, which the browser would find only once that whole file had arrived.
 * @param {Readonly<Record<string, Output>>} outputs
 * @param {string} entry the entry's output path
 * @param {(name: string) => boolean} isBig whether a file's download matters beside a round trip
 * @returns {string[]}
 */
export function askedWithEntry(outputs, entry, isBig) {
  const [own, ...others] = staticGraph(outputs, entry);
  const foundInEntry = new Set(
    (outputs[entry]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => nameOf(i.path)),
  );
  return [own ?? nameOf(entry), ...others.filter((name) => isBig(name) || !foundInEntry.has(name))];
}

/**
 * For a module that imports chunks with `import()`, each such chunk's other files: those of its static
 * graph that the module's own file does not hold already (that file's static graph has arrived before
 * the module runs). Keyed by the imported module's file name without its extension
 * (`search-map` for `./search-map.ts`); the chunk's own file is left out, since the module names it.
 * @param {{ inputs: Readonly<Record<string, { imports: { path: string, kind: string }[] }>>,
 *   outputs: Readonly<Record<string, Output & { entryPoint?: string, inputs: Record<string, unknown> }>> }} metafile
 * @param {string} module the importing module's source path, as the metafile names it
 * @returns {{ file: string, files: Record<string, string[]> }} the output that holds `module`, and the lists
 */
export function filesBehindImports({ inputs, outputs }, module) {
  const entries = Object.entries(outputs);
  const file = entries.find(([path, output]) => path.endsWith('.js') && module in output.inputs)?.[0];
  if (!file) throw new Error(`no built file holds ${module}`);
  const held = new Set(staticGraph(outputs, file));
  /** @type {Record<string, string[]>} */
  const files = {};
  for (const { path, kind } of inputs[module]?.imports ?? []) {
    if (kind !== 'dynamic-import') continue;
    const entry = entries.find(([, output]) => output.entryPoint === path)?.[0];
    if (!entry) throw new Error(`${module} imports ${path}, which is no chunk of its own`);
    const key = nameOf(path).replace(/\.[^.]+$/, '');
    files[key] = staticGraph(outputs, entry)
      .slice(1)
      .filter((name) => !held.has(name));
  }
  return { file, files };
}
