/**
 * A gettext .mo file, as msgfmt writes one (little-endian, no hash table): what WordPress loads for a
 * plugin's text domain. Tests use it to give the real site a language of their own.
 */

/** A translation: a text, or a plural text's forms (its msgid being `single\0plural`). */
export type MoEntries = Record<string, string | readonly string[]>;

export function moFile(entries: MoEntries, pluralForms = 'nplurals=2; plural=(n > 1);'): Buffer {
  const header = `Content-Type: text/plain; charset=UTF-8\nPlural-Forms: ${pluralForms}\n`;
  const pairs = [['', header] as const, ...Object.entries(entries)]
    .map(([id, text]) => [Buffer.from(id), Buffer.from(typeof text === 'string' ? text : text.join('\0'))])
    .sort(([a], [b]) => Buffer.compare(a as Buffer, b as Buffer)) as [Buffer, Buffer][];
  const count = pairs.length;
  const tables = 28 + 16 * count;
  const head = Buffer.alloc(tables);
  head.writeUInt32LE(0x950412de, 0);
  head.writeUInt32LE(0, 4);
  head.writeUInt32LE(count, 8);
  head.writeUInt32LE(28, 12);
  head.writeUInt32LE(28 + 8 * count, 16);
  head.writeUInt32LE(0, 20);
  head.writeUInt32LE(tables, 24);
  const strings: Buffer[] = [];
  let offset = tables;
  const place = (text: Buffer, at: number) => {
    head.writeUInt32LE(text.length, at);
    head.writeUInt32LE(offset, at + 4);
    strings.push(text, Buffer.alloc(1));
    offset += text.length + 1;
  };
  for (const [index, [id]] of pairs.entries()) place(id, 28 + 8 * index);
  for (const [index, [, text]] of pairs.entries()) place(text, 28 + 8 * count + 8 * index);
  return Buffer.concat([head, ...strings]);
}
