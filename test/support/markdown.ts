/**
 * What a Markdown page links to and names, read as GitHub renders it: the tests of the docs' links use it.
 * Fenced code blocks are left out throughout: a `# comment` in a shell sample is no heading, and a path
 * inside a command is the reader's to adapt.
 */

/** The page with each fenced code block blanked (in a list item too), lines kept so that positions still count. */
export const withoutFences = (markdown: string) =>
  markdown.replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, (block) =>
    block.replace(/[^\n]/g, ''),
  );

/** The page's prose with every inline code span blanked, so a `[shortcode](…)` in code is no link. */
const withoutCode = (markdown: string) =>
  withoutFences(markdown).replace(/`[^`\n]+`/g, (code) => ' '.repeat(code.length));

/** A heading's text as GitHub shows it: a link's words without its target, code without its backticks. */
const headingText = (heading: string) =>
  heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export const slugOf = (heading: string) =>
  headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/**
 * Every anchor a page offers: one per heading, a repeated one numbered `-1`, `-2` as GitHub numbers it,
 * and every `id` or `name` the page's own HTML sets (`<a id="…">`).
 */
export function anchorsOf(markdown: string): Set<string> {
  const prose = withoutFences(markdown);
  const anchors = new Set<string>();
  for (const [, heading] of prose.matchAll(/^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const slug = slugOf(heading as string);
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  for (const [, id] of prose.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(id as string);
  return anchors;
}

export interface Link {
  /** The target as written: a path relative to the page, `#anchor`, or both. */
  target: string;
  line: number;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The page's inline links and images (`[words](target)`, `![alt](target)`) and reference definitions. */
export function linksOf(markdown: string): Link[] {
  const prose = withoutCode(markdown);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...references].map((match) => ({
    target: match[1] as string,
    line: lineAt(prose, match.index),
  }));
}

export interface CodePath {
  path: string;
  line: number;
}

/** The repository's top folders whose paths a doc names in backticks. */
export const NAMED_FOLDERS = [
  'wordpress-plugin',
  'test',
  'src',
  'widgets',
  'docs',
  'mock-server',
  'bench',
  'tools',
];

/**
 * Every inline code span that is one path into the repository (`widgets/islands.js`, `src/loader/`),
 * with its line. A span with a space in it is a command, not a path, and is left out.
 */
export function codePathsOf(markdown: string): CodePath[] {
  const prose = withoutFences(markdown);
  const folders = NAMED_FOLDERS.join('|');
  const path = new RegExp(`^(?:${folders})/\\S*$`);
  return [...prose.matchAll(/`([^`\n]+)`/g)]
    .filter(([, code]) => path.test(code as string))
    .map((match) => ({ path: match[1] as string, line: lineAt(prose, match.index) }));
}

/**
 * A path that stands for many: a glob (`*.wordpress.test.ts`) or a placeholder (`widgets/<island>/`,
 * `zip{ZIP}.kml`, `…`). It names a pattern, so no one file has to exist.
 */
export const isPattern = (path: string) => /[*?<>{}…]|\.\.\./.test(path);
