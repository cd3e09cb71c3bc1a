import * as L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { adoptStyles } from '../island-styles.ts';
import type { SearchConfig } from '../search-config.ts';
import { escapeHtml } from './escape-html.ts';
import { LabelLayer } from './label-layer.ts';
import { MAP_ZOOM, type MapView } from './map-view.ts';
import { MARKER_CSS } from './marker-label.ts';

/** Leaflet's attribution links are told apart by colour alone (WCAG 1.4.1); underline them. */
const LEAFLET_CSS = `${leafletCss}\n.leaflet-control-attribution a { text-decoration: underline; }`;

const BOUNDARY_STYLE: L.PathOptions = { color: '#1d4ed8', weight: 2, fillOpacity: 0.06, interactive: false };

/**
 * The map without an API key: Leaflet with the configured tile server (OpenStreetMap by default) and
 * its attribution. Markers are text labels, no image icons; they are not keyboard stops, because the
 * results table is the accessible list of the same donations.
 */
export function createLeafletMapView(container: HTMLElement, maps: SearchConfig['maps']): MapView {
  const doc = container.ownerDocument;
  adoptStyles(container, LEAFLET_CSS);
  adoptStyles(container, MARKER_CSS);
  // Leaflet pans and zooms from JavaScript, so no stylesheet can honour a visitor's reduced motion.
  const animate = !doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const map = L.map(container, {
    zoomControl: true,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
  });
  // Leaflet writes attributions with innerHTML; the page's attribution is text.
  L.tileLayer(maps.tileUrl, { attribution: escapeHtml(maps.tileAttribution), maxZoom: 19 }).addTo(map);
  const boundaries = L.geoJSON(undefined, {
    style: BOUNDARY_STYLE,
    filter: (feature) => feature.geometry?.type !== 'Point',
  }).addTo(map);
  const labels = new LabelLayer().addTo(map);

  return {
    show(center, title) {
      // The container was hidden while the search ran; Leaflet must measure it again.
      map.invalidateSize();
      map.setView(center, MAP_ZOOM, { animate });
      labels.setCentre(center, title);
    },
    setDonations(markers) {
      labels.setMarkers(markers);
    },
    setBoundaries(collections) {
      boundaries.clearLayers();
      for (const collection of collections) boundaries.addData(collection);
    },
    destroy() {
      map.remove();
    },
  };
}
