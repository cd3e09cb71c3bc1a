/**
 * Progress on stderr while a national file is converted (a minute or two): the step under way, then
 * the files as they are written. On a terminal one line is rewritten in place; in a log (CI, a pipe)
 * each step is a line and the writing a line at each tenth, so the log stays short.
 */

/**
 * @param {NodeJS.WriteStream | { write: (text: string) => unknown, isTTY?: boolean }} out
 * @returns {{ step: (text: string) => void, update: (written: number, total: number) => void, finish: () => void }}
 */
export function progressReporter(out) {
  let lastTenth = 0;
  let lastDraw = 0;
  let drawn = false;
  const draw = (/** @type {string} */ text) => {
    drawn = true;
    out.write(`\r\x1b[K${text}`);
  };
  const line = (/** @type {number} */ written, /** @type {number} */ total) =>
    `${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} files written`;
  return {
    step(text) {
      lastTenth = 0;
      if (out.isTTY) draw(text);
      else out.write(`${text}\n`);
    },
    update(written, total) {
      if (out.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 200) return;
        lastDraw = now;
        draw(line(written, total));
        return;
      }
      const tenth = Math.floor((written / total) * 10);
      if (tenth > lastTenth && tenth < 10) {
        lastTenth = tenth;
        out.write(`${line(written, total)}\n`);
      }
    },
    finish() {
      if (drawn) out.write('\r\x1b[K');
    },
  };
}
