import * as L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { adoptStyles } from '../island-styles.ts';
import { ClusterLayer } from './cluster-layer.ts';
import { cooperativeGestures, type GestureHints } from './cooperative-gestures.ts';
import { MAX_MAP_ZOOM } from './donation-clusters.ts';
import { escapeHtml } from './escape-html.ts';
import type { MapView, MapViewEvents } from './map-view.ts';
import { MARKER_CSS } from './marker-label.ts';
import { radiusZoom } from './radius-view.ts';
import type { SearchConfig } from './search-config.ts';

/** Leaflet's attribution links are told apart by colour alone (WCAG 1.4.1); underline them. */
const LEAFLET_CSS = `${leafletCss}\n.leaflet-control-attribution a { text-decoration: underline; }`;

const BOUNDARY_STYLE: L.PathOptions = { color: '#1d4ed8', weight: 2, fillOpacity: 0.06, interactive: false };

/**
 * The map without an API key: Leaflet with the configured tile server (OpenStreetMap by default) and
 * its attribution. Markers are text labels, no image icons, clustered like Google's; they are not
 * keyboard stops, because the results table is the accessible list of the same donations.
 */
export function createLeafletMapView(
  container: HTMLElement,
  maps: SearchConfig['maps'],
  events: MapViewEvents,
  hints: GestureHints,
): MapView {
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
    maxZoom: MAX_MAP_ZOOM,
  });
  const stopGestures = cooperativeGestures(map, container, hints);
  // Leaflet writes attributions with innerHTML; the page's attribution is text.
  L.tileLayer(maps.tileUrl, { attribution: escapeHtml(maps.tileAttribution), maxZoom: MAX_MAP_ZOOM }).addTo(
    map,
  );
  const boundaries = L.geoJSON(undefined, {
    style: BOUNDARY_STYLE,
    filter: (feature) => feature.geometry?.type !== 'Point',
  }).addTo(map);
  const markers = new ClusterLayer(events.chose).addTo(map);
  map.on('moveend', events.moved);
  return {
    show(center, title, radiusMiles) {
      // The container was hidden while the search ran; Leaflet must measure it again.
      map.invalidateSize();
      const size = map.getSize();
      markers.setCentre(center, title);
      map.setView(center, radiusZoom(center, radiusMiles, size.x, size.y), { animate });
    },
    setDonations(clusters) {
      markers.setClusters(clusters);
    },
    redraw: markers.render,
    clearBoundaries() {
      boundaries.clearLayers();
    },
    addBoundaries(collections) {
      for (const collection of collections) boundaries.addData(collection);
    },
    bounds() {
      const view = map.getBounds();
      return { south: view.getSouth(), west: view.getWest(), north: view.getNorth(), east: view.getEast() };
    },
    zoomTo(position, zoom) {
      map.setView(position, Math.max(zoom, map.getZoom()), { animate });
    },
    destroy() {
      stopGestures();
      map.remove();
    },
  };
}
