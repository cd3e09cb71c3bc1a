import type * as L from 'leaflet';

/** How long the hint stays once the finger that called it up has left the screen. */
const HINT_MS = 1500;

/** What the hint says, as Google's cooperative gesture handling says it. */
export const TWO_FINGERS_HINT = 'Use two fingers to move the map';

/**
 * Google's cooperative gestures on Leaflet: one finger on the map scrolls the page (the map must not
 * trap a visitor who only wanted to scroll past it, on a phone where it fills half the screen) and
 * calls up a hint; two fingers pan and pinch-zoom the map. The mouse drags as before. The page
 * scrolls because the container lets the browser pan (`touch-action: pan-x pan-y`) and the map's own
 * dragging stays off while fingers are down; Leaflet's pinch handler moves the map with two.
 */
export function cooperativeGestures(map: L.Map, container: HTMLElement): () => void {
  container.classList.add('donors-map-cooperative');
  const hint = container.ownerDocument.createElement('div');
  hint.className = 'donors-map-hint';
  hint.textContent = TWO_FINGERS_HINT;
  // The map is a picture for assistive technology; the hint is for the fingers on it.
  hint.setAttribute('aria-hidden', 'true');
  container.append(hint);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hide = () => hint.classList.remove('donors-map-hint-shown');

  // Capture, so that dragging is off before Leaflet's own touchstart listener would start a drag.
  const start = (event: TouchEvent) => {
    map.dragging.disable();
    clearTimeout(timer);
    if (event.touches.length > 1) {
      hide();
      return;
    }
    hint.classList.add('donors-map-hint-shown');
  };
  const end = (event: TouchEvent) => {
    if (event.touches.length > 0) return;
    map.dragging.enable();
    timer = setTimeout(hide, HINT_MS);
  };
  const options = { capture: true, passive: true };
  container.addEventListener('touchstart', start, options);
  container.addEventListener('touchend', end, options);
  container.addEventListener('touchcancel', end, options);
  return () => {
    clearTimeout(timer);
    container.removeEventListener('touchstart', start, options);
    container.removeEventListener('touchend', end, options);
    container.removeEventListener('touchcancel', end, options);
    hint.remove();
  };
}
