/**
 * The pure part of the repeat command (run.mjs): naming a failure with its engine, and counting in how
 * many of N runs each test failed.
 */

/**
 * @typedef {object} Failure
 * @property {string} project  The vitest project, e.g. `browser` or `wordpress-7.1`.
 * @property {string} file     The test file, relative to the repository.
 * @property {string} engine   The browser engine the test drove.
 * @property {string} name     Its suites and its title, joined by ` > `.
 * @property {string} message  The first line of its first error.
 */

const ENGINE_SUITE = / in (chromium|firefox|webkit)$/;

/**
 * The engine a test drove: the one its `describeEngines` suite names ("… in webkit"); otherwise Chromium,
 * the only engine of the Chromium-only harness and of the WordPress suite; a jsdom or node test has none.
 * @param {string} project @param {readonly string[]} suites
 */
export function engineOf(project, suites) {
  for (const suite of suites) {
    const named = ENGINE_SUITE.exec(suite);
    if (named?.[1]) return named[1];
  }
  return project === 'browser' || project.startsWith('wordpress-') ? 'chromium' : '-';
}

/**
 * @param {string} project @param {string} file @param {readonly string[]} suites @param {string} title
 * @param {readonly { message?: string }[]} errors
 * @returns {Failure}
 */
export function failureOf(project, file, suites, title, errors) {
  const message = errors.map((error) => error.message ?? '').find(Boolean) ?? 'no error message';
  return {
    project,
    file,
    engine: engineOf(project, suites),
    name: [...suites, title].join(' > '),
    message: message.split('\n')[0]?.trim() ?? '',
  };
}

/**
 * How many of the runs each failure happened in (once per run at most), most often first.
 * @param {readonly (readonly Failure[])[]} runs
 */
export function tally(runs) {
  /** @type {Map<string, Failure & { failed: number, messages: string[] }>} */
  const rows = new Map();
  for (const failures of runs) {
    const seen = new Set();
    for (const failure of failures) {
      const key = `${failure.project}\n${failure.file}\n${failure.name}`;
      const row = rows.get(key) ?? { ...failure, failed: 0, messages: [] };
      rows.set(key, row);
      if (!row.messages.includes(failure.message)) row.messages.push(failure.message);
      if (seen.has(key)) continue;
      seen.add(key);
      row.failed += 1;
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.failed - a.failed || a.file.localeCompare(b.file) || a.name.localeCompare(b.name),
  );
}

/**
 * The report: one block per test that failed at least once, with its engine, how many of `runs` it
 * failed and each distinct first line of its errors.
 * @param {ReturnType<typeof tally>} rows @param {number} runs @param {readonly string[]} projects
 */
export function format(rows, runs, projects) {
  const what = `${runs} run${runs === 1 ? '' : 's'} of ${projects.join(', ')}`;
  if (rows.length === 0) return `No test failed in ${what}.`;
  const lines = [`${rows.length} test${rows.length === 1 ? '' : 's'} failed at least once in ${what}:`];
  for (const row of rows) {
    lines.push('', `  ${row.failed}/${runs}  ${row.engine.padEnd(8)}  ${row.file} [${row.project}]`);
    lines.push(`              ${row.name}`);
    for (const message of row.messages) lines.push(`              - ${message}`);
  }
  return lines.join('\n');
}
