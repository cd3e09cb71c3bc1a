/** Long enough to see where the content went, short enough never to wait for it. */
export const SLIDE_MS = 250;

const running = new WeakMap<HTMLElement, Animation>();

const EDGES = ['height', 'paddingTop', 'paddingBottom', 'marginTop', 'marginBottom'] as const;

const reducedMotion = (el: HTMLElement) =>
  el.ownerDocument.defaultView?.matchMedia('(prefers-reduced-motion: reduce)').matches ?? true;

/** Hides or shows an element; by default with its `hidden` attribute. */
export type SetHidden = (el: HTMLElement, hidden: boolean) => void;

const byAttribute: SetHidden = (el, hidden) => {
  el.hidden = hidden;
};

/**
 * Shows or hides `el` with a vertical slide, as jQuery's slideDown/slideUp did. `setHidden` holds the
 * state (the `hidden` attribute unless the markup hides its own way): it is cleared before a slide down
 * and set when a slide up ends. Without the Web Animations API, or when the visitor prefers reduced
 * motion, the change is immediate. The animation only touches the element's own box through keyframes,
 * so it needs no inline style and leaves none.
 */
export function slide(el: HTMLElement, show: boolean, setHidden: SetHidden = byAttribute): void {
  stopSliding(el);
  setHidden(el, false);
  if (typeof el.animate !== 'function' || reducedMotion(el)) {
    setHidden(el, !show);
    return;
  }
  const style = getComputedStyle(el);
  const open: Keyframe = { overflow: 'hidden' };
  const closed: Keyframe = { overflow: 'hidden' };
  for (const edge of EDGES) {
    open[edge] = style[edge];
    closed[edge] = '0px';
  }
  const animation = el.animate(show ? [closed, open] : [open, closed], {
    duration: SLIDE_MS,
    easing: 'ease-in-out',
  });
  running.set(el, animation);
  animation.onfinish = () => {
    running.delete(el);
    setHidden(el, !show);
  };
}

/** Cancels a slide in progress; the element keeps the state it had before that slide ended. */
export function stopSliding(el: HTMLElement): void {
  running.get(el)?.cancel();
  running.delete(el);
}
