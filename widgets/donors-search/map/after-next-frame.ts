/** How long to wait for a frame before running anyway: a hidden tab renders no frames at all. */
const FRAME_TIMEOUT_MS = 100;

/**
 * Runs `callback` in a task of its own after the browser's next frame, and returns a cancel function.
 * Work split into chunks this way lets every chunk be laid out and painted in a frame of its own:
 * chunks queued back to back with `setTimeout` alone starve rendering, so that one late frame has to
 * lay out everything they added at once (a task of hundreds of milliseconds). Without frames (a
 * hidden tab, jsdom) it falls back to a timer, so the work still finishes.
 */
export function afterNextFrame(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let done = false;
  const schedule = () => {
    if (done) return;
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    timer = setTimeout(callback);
  };
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(schedule);
    timer = setTimeout(schedule, FRAME_TIMEOUT_MS);
  } else {
    schedule();
  }
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
