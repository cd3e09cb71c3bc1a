/**
 * The markers' look: a round label with 1 for a single donation, a larger square-ish one with a
 * cluster's count, and a ring on the markers holding the chosen donations. The searched zip's marker
 * is a red dot in a red ring, drawn beneath the others: the donations near the searched spot are what a
 * visitor reads there, so no count is ever covered, and the ring still shows around a cluster on top.
 * Only the dot takes a pointer (for its title): a pinch that starts inside the ring reaches the map. The hint asks a visitor
 * whose one finger dragged on the map to use two, or whose wheel turned over it to hold ctrl, as
 * Google's cooperative gestures do.
 */
export const MARKER_CSS = `
.donors-search-marker {
  box-sizing: border-box; min-width: 24px; height: 24px; padding: 0 5px; border: 2px solid #fff;
  border-radius: 12px; background: #1d4ed8; color: #fff; font: 600 12px/20px system-ui, sans-serif;
  text-align: center; white-space: nowrap; cursor: pointer;
}
.donors-search-marker.donors-search-cluster {
  min-width: 32px; height: 32px; border-radius: 16px; line-height: 28px; background: #1e3a8a;
}
.donors-search-marker.donors-search-chosen { outline: 3px solid #f59e0b; outline-offset: 1px; }
.donors-search-marker.donors-search-centre {
  position: relative; min-width: 16px; height: 16px; padding: 0; border-radius: 8px; background: #b91c1c;
  cursor: default;
}
.donors-search-marker.donors-search-centre::after {
  content: ''; position: absolute; left: 50%; top: 50%; box-sizing: border-box; width: 44px; height: 44px;
  margin: -22px 0 0 -22px; border: 3px solid #b91c1c; border-radius: 50%;
  box-shadow: 0 0 0 1px #fff, inset 0 0 0 1px #fff; pointer-events: none;
}
.donors-search-labels > .donors-search-marker { position: absolute; transform: translate(-50%, -50%); }
.leaflet-container.donors-map-cooperative,
.leaflet-container.donors-map-cooperative.leaflet-touch-drag.leaflet-touch-zoom { touch-action: pan-x pan-y; }
.donors-map-hint {
  position: absolute; inset: 0; z-index: 1000; display: grid; place-items: center; padding: 1rem;
  background: rgb(0 0 0 / 0.5); color: #fff; font: 500 1.125rem/1.4 system-ui, sans-serif; text-align: center;
  opacity: 0; transition: opacity 0.3s; pointer-events: none;
}
.donors-map-hint.donors-map-hint-shown { opacity: 1; }
@media (prefers-reduced-motion: reduce) { .donors-map-hint { transition: none; } }
`;

/**
 * A marker as a DOM node. Its label and title are set with `textContent` and `title`, so neither can
 * ever be read as markup.
 */
export function markerLabel(
  doc: Document,
  label: string,
  title: string,
  kind: 'donation' | 'cluster' | 'centre' = 'donation',
  chosen = false,
): HTMLElement {
  const element = doc.createElement('div');
  element.className = `donors-search-marker${kind === 'donation' ? '' : ` donors-search-${kind}`}${chosen ? ' donors-search-chosen' : ''}`;
  element.textContent = label;
  element.title = title;
  return element;
}
