/**
 * Progress on stderr while a national file is read (a few minutes): one line rewritten in place on a
 * terminal; in a log (CI, a pipe), a line at each tenth so the log stays short.
 */

/**
 * @param {NodeJS.WriteStream | { write: (text: string) => unknown, isTTY?: boolean }} out
 * @returns {{ update: (share: number, written: number) => void, finish: () => void }}
 */
export function progressReporter(out) {
  let lastTenth = 0;
  let lastDraw = 0;
  let drawn = false;
  const line = (/** @type {number} */ share, /** @type {number} */ written) =>
    `${Math.floor(share * 100)}% read, ${written.toLocaleString('en-US')} file${written === 1 ? '' : 's'} written`;
  return {
    update(share, written) {
      if (out.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 200) return;
        lastDraw = now;
        drawn = true;
        out.write(`\r${line(share, written)}`);
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth > lastTenth && tenth < 10) {
        lastTenth = tenth;
        out.write(`${line(share, written)}\n`);
      }
    },
    finish() {
      if (drawn) out.write('\r\x1b[K');
    },
  };
}
