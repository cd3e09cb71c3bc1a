/**
 * What was found instead of a valid value, as a config problem shows it: as JSON since that is what the
 * admin wrote, and cut short so a long value cannot flood the console. `undefined` is a key that is
 * missing. The readers describe what they reject (in the chunks), so the loader only prints it.
 */
export function describe(value: unknown): string {
  let text = 'nothing';
  if (value !== undefined) {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      // JSON cannot write a BigInt or a circular `wpApiSettings`, and String() throws on an object
      // without a prototype; this names them all and cannot throw.
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
