// A stand-in for an optimiser's "delay JavaScript" loader, for the demo and the WordPress suite: WP
// Rocket prints a delayed script as `<script type="rocketlazyloadscript" data-rocket-src="…">`, which
// the browser does not run, and its loader puts each back as a real script, in the page's order, on the
// visitor's first move (LiteSpeed Cache, Perfmatters and Jetpack Boost do the same under other names;
// Perfmatters can also give up waiting after a timeout). Nothing else tells the page: the script just
// loads and runs. `data-trigger` on this script's own tag says when: `interaction`, or milliseconds.
(() => {
  const INTERACTIONS = ['keydown', 'mousedown', 'mousemove', 'touchmove', 'touchstart', 'touchend', 'wheel'];
  const trigger = document.currentScript?.getAttribute('data-trigger') ?? 'interaction';
  let started = false;

  /** @param {Element} held @returns {Promise<unknown>} settled once the real script loaded or failed */
  const putBack = (held) => {
    const script = document.createElement('script');
    for (const { name, value } of Array.from(held.attributes))
      if (name !== 'type' && name !== 'data-rocket-src') script.setAttribute(name, value);
    script.src = held.getAttribute('data-rocket-src') ?? '';
    const settled = new Promise((resolve) => {
      script.addEventListener('load', resolve);
      script.addEventListener('error', resolve);
    });
    held.replaceWith(script);
    return settled;
  };

  const run = async () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) removeEventListener(type, run);
    // One after another, as the optimisers keep the order scripts depend on.
    for (const held of Array.from(document.querySelectorAll('script[type="rocketlazyloadscript"]')))
      await putBack(held);
  };

  if (trigger === 'interaction')
    for (const type of INTERACTIONS) addEventListener(type, run, { passive: true });
  else setTimeout(run, Number(trigger));
})();
