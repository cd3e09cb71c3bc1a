import type * as L from 'leaflet';
import { fillText } from '../../../src/shared/translated-texts.ts';

/** How long the hint stays once the gesture that called it up has ended. */
const HINT_MS = 1500;
/**
 * How far (CSS px) one finger moves before it is a drag and not a tap: a finger wobbles a few pixels as
 * it taps, and browsers start a scroll at about this distance.
 */
const DRAG_PX = 10;

/** The wheel's hint, `{key}` filled with the key that zooms with the wheel: ⌘ on a Mac, as Google names it there. */
export const wheelHint = (mac: boolean, template: string) => fillText(template, { key: mac ? '⌘' : 'ctrl' });

/**
 * The hints' words, as Google's cooperative gesture handling says them: the island's texts
 * (`twoFingersHint`, `wheelHint` in ../english-texts.js), or the site's translations.
 */
export interface GestureHints {
  twoFingers: string;
  /** With `{key}`. */
  wheel: string;
}

/**
 * Google's cooperative gestures on Leaflet: the map must not trap a visitor who only wanted to scroll
 * past it. One finger on the map scrolls the page (on a phone the map fills half the screen) and,
 * once it drags, calls up a hint; a tap calls up none and does what a tap does (nothing on an empty
 * spot, a marker's or a cluster's own action on one). Two fingers pan and pinch-zoom the map. The
 * mouse wheel scrolls the page too, with a hint; with ctrl or ⌘ held (or a trackpad's pinch, which the browser sends as a ctrl wheel) it
 * zooms the map. The mouse drags as before. The page scrolls because the container lets the browser
 * pan (`touch-action: pan-x pan-y`) and the map's own dragging stays off while fingers are down, and
 * because a plain wheel never reaches Leaflet's wheel zoom.
 */
export function cooperativeGestures(map: L.Map, container: HTMLElement, hints: GestureHints): () => void {
  container.classList.add('donors-map-cooperative');
  const doc = container.ownerDocument;
  const hint = doc.createElement('div');
  hint.className = 'donors-map-hint';
  // The map is a picture for assistive technology; the hint is for the fingers or the wheel on it.
  hint.setAttribute('aria-hidden', 'true');
  container.append(hint);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hide = () => hint.classList.remove('donors-map-hint-shown');
  const show = (text: string) => {
    clearTimeout(timer);
    hint.textContent = text;
    hint.classList.add('donors-map-hint-shown');
  };

  // Where one finger went down, until it drags or lifts; undefined while two are down or none.
  let from: { x: number; y: number } | undefined;
  // Capture, so that dragging is off before Leaflet's own touchstart listener would start a drag.
  const start = (event: TouchEvent) => {
    map.dragging.disable();
    const finger = event.touches.length === 1 ? event.touches[0] : undefined;
    from = finger && { x: finger.clientX, y: finger.clientY };
    if (!finger) {
      clearTimeout(timer);
      hide();
    }
  };
  const move = (event: TouchEvent) => {
    const finger = event.touches.length === 1 ? event.touches[0] : undefined;
    if (!from || !finger) return;
    if (Math.hypot(finger.clientX - from.x, finger.clientY - from.y) < DRAG_PX) return;
    from = undefined;
    show(hints.twoFingers);
  };
  const end = (event: TouchEvent) => {
    if (event.touches.length > 0) return;
    from = undefined;
    map.dragging.enable();
    if (hint.classList.contains('donors-map-hint-shown')) timer = setTimeout(hide, HINT_MS);
  };
  // Capture on the container runs before Leaflet's wheel listener there, which never hears a plain
  // wheel; the page scrolls, since nothing prevents the default.
  const mac = /Mac|iPhone|iPad/.test(doc.defaultView?.navigator.platform ?? '');
  const wheel = (event: WheelEvent) => {
    if (event.ctrlKey || event.metaKey) {
      hide();
      return;
    }
    event.stopPropagation();
    show(wheelHint(mac, hints.wheel));
    timer = setTimeout(hide, HINT_MS);
  };
  const options = { capture: true, passive: true };
  container.addEventListener('touchstart', start, options);
  container.addEventListener('touchmove', move, options);
  container.addEventListener('touchend', end, options);
  container.addEventListener('touchcancel', end, options);
  container.addEventListener('wheel', wheel, options);
  return () => {
    clearTimeout(timer);
    container.removeEventListener('touchstart', start, options);
    container.removeEventListener('touchmove', move, options);
    container.removeEventListener('touchend', end, options);
    container.removeEventListener('touchcancel', end, options);
    container.removeEventListener('wheel', wheel, options);
    hint.remove();
  };
}
