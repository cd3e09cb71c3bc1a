/**
 * `node bench/scripts/run.mjs --only=bytes` rewrites the byte sections of bench/results/RESULTS.md in place: the bytes
 * are exact and take a minute to measure, while the whole bench takes about twenty. Every other section
 * and goal row is kept as the last full run wrote it, and a note under the title says which parts are
 * newer.
 */
import { table } from './stats.mjs';

const GOALS_HEADING = '## Goals';

/** The report split at its `## ` headings: the text before the first, then one piece per section. */
const sectionsOf = (report) => report.split(/^(?=## )/m);

/** A note's opening up to the command that wrote it: `**Updated by \`node … --only=bytes\``. */
const noteOpening = (note) => note.match(/^\*\*Updated by `[^`]*`/)?.[0] ?? '**Updated by';

/** The rows of the Goals table as [goal, result, verdict], each cell unescaped and trimmed. */
function goalRows(section) {
  return section
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2)
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((cell) => cell.trim().replace(/\\\|/g, '|')),
    );
}

/**
 * `report` with each section of `sections` (Markdown, starting with its `## ` heading) put in place of
 * the section with the same heading, each goal of `goals` in place of the row with the same name, and
 * `note` under the report's first paragraph (in place of the note an earlier run of the same command left
 * there; other commands' notes stay).
 * @param {string} report
 * @param {string[]} sections
 * @param {{ name: string, met: boolean, detail: string }[]} goals
 * @param {string} note
 */
export function updateResults(report, sections, goals, note) {
  const pieces = sectionsOf(report);
  for (const section of sections) {
    const heading = section.slice(0, section.indexOf('\n'));
    const at = pieces.findIndex((piece) => piece.startsWith(`${heading}\n`));
    if (at === -1)
      throw new Error(`bench/results/RESULTS.md has no section "${heading}": run the whole bench`);
    pieces[at] = `${section.trimEnd()}\n\n`;
  }
  const goalsAt = pieces.findIndex((piece) => piece.startsWith(`${GOALS_HEADING}\n`));
  if (goalsAt === -1) throw new Error('bench/results/RESULTS.md has no Goals table: run the whole bench');
  const rows = goalRows(pieces[goalsAt]).map(([name, detail, verdict]) => {
    const goal = goals.find((g) => g.name === name);
    return goal ? [name, goal.detail, goal.met ? 'met' : '**missed**'] : [name, detail, verdict];
  });
  const missing = goals.filter((goal) => !rows.some(([name]) => name === goal.name));
  if (missing.length > 0)
    throw new Error(`bench/results/RESULTS.md has no goal row "${missing[0]?.name}": run the whole bench`);
  pieces[goalsAt] = `${GOALS_HEADING}\n\n${table(['goal', 'result', ''], rows)}\n\n`;
  const [head, ...rest] = pieces;
  const [title, ...paragraphs] = (head ?? '').trimEnd().split('\n\n');
  // A note from another command (the bytes, the first search) stays: its sections are still its own.
  const kept = paragraphs.filter((paragraph) => !paragraph.startsWith(noteOpening(note)));
  return [[title, kept[0], note, ...kept.slice(1)].filter(Boolean).join('\n\n'), '\n\n', ...rest].join('');
}

/**
 * `report` with an empty section headed `heading` and empty goal rows for `goals` where a results file
 * from an older full run has none, so that a bench added since can fill them in place with `--only=…`
 * as the other single-part runs do.
 * @param {string} report @param {string} heading @param {{ name: string }[]} goals
 */
export function withSectionPlaces(report, heading, goals) {
  const pieces = sectionsOf(report);
  const goalsAt = pieces.findIndex((piece) => piece.startsWith(`${GOALS_HEADING}\n`));
  if (goalsAt !== -1) {
    // The table pads its cells: a row is found by its name and the padding after it.
    const missing = goals.filter((goal) => !pieces[goalsAt].includes(`| ${goal.name} `));
    const rows = missing.map((goal) => `| ${goal.name} | | |`).join('\n');
    if (rows) pieces[goalsAt] = `${pieces[goalsAt].trimEnd()}\n${rows}\n\n`;
  }
  if (!pieces.some((piece) => piece.startsWith(`${heading}\n`)))
    pieces.push(`${pieces.at(-1)?.endsWith('\n\n') ? '' : '\n'}${heading}\n`);
  return pieces.join('');
}
