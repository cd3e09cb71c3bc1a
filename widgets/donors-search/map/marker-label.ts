/**
 * The markers' look: a round label with the zip's donation count. Kept cheap to lay out and paint
 * (no flexbox, no shadow) because a search may place thousands of them.
 */
export const MARKER_CSS = `
.donors-search-marker {
  box-sizing: border-box; min-width: 24px; height: 24px; padding: 0 5px; border: 2px solid #fff;
  border-radius: 12px; background: #1d4ed8; color: #fff; font: 600 12px/20px system-ui, sans-serif;
  text-align: center; white-space: nowrap;
}
.donors-search-marker.donors-search-centre { min-width: 18px; height: 18px; background: #b91c1c; }
.donors-search-labels > .donors-search-centre {
  position: absolute; left: 0; top: 0; z-index: 1; width: 18px; margin: -9px 0 0 -9px; pointer-events: auto;
}
.donors-search-labels > .donors-search-chunk {
  position: absolute; left: 0; top: 0; width: 0; height: 0; display: grid; grid-template: 0 / 0;
  contain: size layout style;
}
.donors-search-chunk > .donors-search-marker {
  grid-area: 1 / 1; justify-self: start; align-self: start; width: 24px; pointer-events: auto;
}
`;

/**
 * A marker as a DOM node. Its label and title are set with `textContent` and `title`, so neither can
 * ever be read as markup.
 */
export function markerLabel(doc: Document, label: string, title: string, centre = false): HTMLElement {
  const element = doc.createElement('div');
  element.className = centre ? 'donors-search-marker donors-search-centre' : 'donors-search-marker';
  element.textContent = label;
  element.title = title;
  return element;
}
