import type { Page } from 'playwright-core';

/**
 * Returns once every handler a payload shown on the page could carry would have run, had it reached
 * the DOM as markup, so that an empty trap afterwards means none ran rather than none ran yet.
 *
 * The late ones wait for a failed download of `x` (`<img src=x onerror>`, `<audio src=x>`,
 * `<video><source src=x>`) or for the next rendering of the page (autofocus, `ontoggle`, `onbegin`,
 * `onstart`). So the page gets probes of its own, added after the payloads: an image of the same `x`
 * (a document shares one image resource per URL and tells its images in the order they asked, so ours
 * errs after theirs), an audio and a video source of the same `x` that fail after the server's same
 * 404, and then two animation frames, the second of which starts only after the first rendering that
 * followed the payloads is over. The probes listen with `addEventListener` and are removed again, so
 * they leave nothing for a check of the DOM to find.
 */
export async function afterLateHandlers(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const withX = <K extends 'img' | 'audio' | 'source'>(tag: K) => {
      const element = document.createElement(tag);
      element.setAttribute('src', 'x');
      return element;
    };
    const [image, audio, source] = [withX('img'), withX('audio'), withX('source')];
    const failed = (target: EventTarget) =>
      new Promise((resolve) => target.addEventListener('error', resolve, { once: true }));
    const failures = [failed(image), failed(audio), failed(source)];
    const video = document.createElement('video');
    video.append(source);
    const probes = document.createElement('div');
    probes.hidden = true;
    probes.append(image, audio, video);
    document.body.append(probes);
    await Promise.all(failures);
    for (const _frame of [1, 2]) await new Promise((resolve) => requestAnimationFrame(resolve));
    probes.remove();
  });
}
