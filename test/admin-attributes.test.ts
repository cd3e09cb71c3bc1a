// docs/admin.md's table of island settings is what admins read; the manifest is what the plugin runs on.
// This keeps the two from drifting apart.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ISLANDS } from '../widgets/islands.js';

const admin = readFileSync(new URL('../docs/admin.md', import.meta.url), 'utf8');

/** The rows of docs/admin.md's settings table, cells trimmed. */
function settingsRows(): string[][] {
  const header = '| island | setting | shortcode | HTML | default | what it does |';
  const start = admin.indexOf(header);
  if (start < 0) throw new Error('docs/admin.md has no settings table');
  return admin
    .slice(start)
    .split('\n')
    .slice(2)
    .map((line) => line.trim())
    .filter(
      (line, index, lines) => line.startsWith('|') && lines.slice(0, index).every((l) => l.startsWith('|')),
    )
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

it("lists every placeable island's attributes in docs/admin.md as the manifest declares them", () => {
  const expected = ISLANDS.flatMap(({ name, attributes = {} }) =>
    Object.entries(attributes).map(([key, attribute]) => [
      name,
      attribute.label,
      `\`${key}\``,
      `\`${attribute.html}\``,
      attribute.default ? `\`${attribute.default}\`` : 'empty',
      attribute.help,
    ]),
  );
  expect(settingsRows()).toEqual(expected);
});

it('declares attributes for every island found by a selector, and none for page-wide ones', () => {
  for (const island of ISLANDS) expect(island.attributes !== undefined).toBe('selector' in island.host);
});
