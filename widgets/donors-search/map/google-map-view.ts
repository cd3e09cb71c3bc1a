/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { MarkerClusterer } from '@googlemaps/markerclusterer';
import type { LatLng } from '../donation.ts';
import { adoptStyles } from '../island-styles.ts';
import type { SearchConfig } from '../search-config.ts';
import { MAP_ZOOM, type MapView } from './map-view.ts';
import { MARKER_CSS, markerLabel } from './marker-label.ts';

type AnyMarker = google.maps.Marker | google.maps.marker.AdvancedMarkerElement;

let optionsSet = false;

/** The loader accepts its options once per page; every later island reuses them. */
function configureLoader(maps: SearchConfig['maps']): void {
  if (optionsSet) return;
  setOptions({ key: maps.googleApiKey, v: maps.googleVersion });
  optionsSet = true;
}

/**
 * The map on Google Maps. Markers are `AdvancedMarkerElement`s when a map id is configured (they need
 * one) and the deprecated `Marker` otherwise; both go through MarkerClusterer so donations on one point
 * stay readable. Zip boundaries are GeoJSON on `map.data`, because `KmlLayer` is withdrawn and only
 * ever read public URLs.
 */
export async function createGoogleMapView(
  container: HTMLElement,
  maps: SearchConfig['maps'],
): Promise<MapView> {
  const doc = container.ownerDocument;
  adoptStyles(container, MARKER_CSS);
  configureLoader(maps);
  const [{ Map: GoogleMap }, { AdvancedMarkerElement, Marker }] = await Promise.all([
    importLibrary('maps'),
    importLibrary('marker'),
  ]);
  const mapId = maps.googleMapId;
  const map = new GoogleMap(container, {
    center: { lat: 0, lng: 0 },
    zoom: MAP_ZOOM,
    ...(mapId && { mapId }),
  });
  map.data.setStyle({ clickable: false, strokeColor: '#1d4ed8', strokeWeight: 2, fillOpacity: 0.06 });
  const clusterer = new MarkerClusterer({ map });
  let centre: AnyMarker | undefined;

  const marker = (position: LatLng, title: string, label: string, centre = false): AnyMarker => {
    if (!mapId) return new Marker({ position, title, ...(label && { label: { text: label } }) });
    return new AdvancedMarkerElement({ position, title, content: markerLabel(doc, label, title, centre) });
  };
  const remove = (item: AnyMarker) => {
    if (item instanceof Marker) item.setMap(null);
    else item.map = null;
  };

  return {
    show(center, title) {
      map.setCenter(center);
      map.setZoom(MAP_ZOOM);
      if (centre) remove(centre);
      centre = marker(center, title, '', true);
      if (centre instanceof Marker) centre.setMap(map);
      else centre.map = map;
    },
    setDonations(markers) {
      clusterer.clearMarkers(true);
      clusterer.addMarkers(markers.map(({ position, title, label }) => marker(position, title, label)));
    },
    setBoundaries(collections) {
      map.data.forEach((feature) => {
        map.data.remove(feature);
      });
      for (const collection of collections) map.data.addGeoJson(collection);
    },
    destroy() {
      clusterer.setMap(null);
      if (centre) remove(centre);
      google.maps.event.clearInstanceListeners(map);
      container.replaceChildren();
    },
  };
}
