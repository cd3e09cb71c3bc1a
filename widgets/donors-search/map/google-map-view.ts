/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { adoptStyles } from '../island-styles.ts';
import type { LatLng } from '../search/donation.ts';
import { type DonationClusters, MAX_MAP_ZOOM, type MapItem } from './donation-clusters.ts';
import type { Bounds } from './map-bounds.ts';
import { MAP_ZOOM, type MapView, type MapViewEvents } from './map-view.ts';
import { MARKER_CSS, markerLabel } from './marker-label.ts';
import { radiusZoom } from './radius-view.ts';
import type { SearchConfig } from './search-config.ts';

type AnyMarker = google.maps.Marker | google.maps.marker.AdvancedMarkerElement;

const WORLD: Bounds = { south: -85, west: -180, north: 85, east: 180 };

/** Starts one view on a container; the libraries are loaded the first time. */
export type GoogleMapViews = (container: HTMLElement, events: MapViewEvents) => Promise<MapView>;

/**
 * Google Maps for one island's map: the loader's options are set, and the libraries loaded, when the
 * first view starts. The loader itself takes the options once per page and ignores a second island's
 * call (both read the same page config).
 */
export function createGoogleMapViews(maps: SearchConfig['maps']): GoogleMapViews {
  let libraries: Promise<[google.maps.MapsLibrary, google.maps.MarkerLibrary]> | undefined;
  const load = () => {
    if (!libraries) {
      setOptions({ key: maps.googleApiKey, v: maps.googleVersion });
      libraries = Promise.all([importLibrary('maps'), importLibrary('marker')]);
    }
    return libraries;
  };
  return (container, events) => createGoogleMapView(container, maps, events, load);
}

/**
 * The map on Google Maps. Markers are `AdvancedMarkerElement`s when a map id is configured (they need
 * one) and the deprecated `Marker` otherwise, drawn from the same clusters as on Leaflet after every
 * move. One finger scrolls the page and two move the map (`gestureHandling: 'cooperative'`). Zip
 * boundaries are GeoJSON on `map.data`, because `KmlLayer` is withdrawn and only ever read public URLs.
 */
async function createGoogleMapView(
  container: HTMLElement,
  maps: SearchConfig['maps'],
  events: MapViewEvents,
  load: () => Promise<[google.maps.MapsLibrary, google.maps.MarkerLibrary]>,
): Promise<MapView> {
  const doc = container.ownerDocument;
  adoptStyles(container, MARKER_CSS);
  const [{ Map: GoogleMap }, { AdvancedMarkerElement, Marker }] = await load();
  const mapId = maps.googleMapId;
  const map = new GoogleMap(container, {
    center: { lat: 0, lng: 0 },
    zoom: MAP_ZOOM,
    maxZoom: MAX_MAP_ZOOM,
    gestureHandling: 'cooperative',
    ...(mapId && { mapId }),
  });
  map.data.setStyle({ clickable: false, strokeColor: '#1d4ed8', strokeWeight: 2, fillOpacity: 0.06 });
  let centre: AnyMarker | undefined;
  let clusters: DonationClusters | undefined;
  let drawn: AnyMarker[] = [];
  /** Counts redraws, so that only the newest one's answer is drawn. */
  let redraws = 0;

  const marker = (
    position: LatLng,
    title: string,
    label: string,
    kind: 'donation' | 'cluster' | 'centre',
    chosen = false,
  ) => {
    if (!mapId) {
      const options: google.maps.MarkerOptions = {
        position,
        title,
        ...(label && { label: { text: label } }),
      };
      // A cluster or a chosen marker is drawn above the single donations around it.
      if (kind !== 'donation' || chosen) options.zIndex = Marker.MAX_ZINDEX + (chosen ? 2 : 1);
      return new Marker(options);
    }
    return new AdvancedMarkerElement({
      position,
      title,
      content: markerLabel(doc, label, title, kind, chosen),
    });
  };
  const setMap = (item: AnyMarker, onMap: google.maps.Map | null) => {
    if (item instanceof Marker) item.setMap(onMap);
    else item.map = onMap;
  };
  const itemMarker = (item: MapItem) => {
    const placed = marker(item.position, item.title, item.label, item.kind, item.chosen);
    placed.addListener('click', () => events.chose(item));
    setMap(placed, map);
    return placed;
  };
  const bounds = (): Bounds => {
    const view = map.getBounds();
    if (!view) return WORLD;
    const ne = view.getNorthEast();
    const sw = view.getSouthWest();
    return { south: sw.lat(), west: sw.lng(), north: ne.lat(), east: ne.lng() };
  };
  const replace = (items: readonly MapItem[]) => {
    for (const old of drawn) setMap(old, null);
    drawn = items.map(itemMarker);
  };
  const redraw = () => {
    const redraw = ++redraws;
    if (!clusters) {
      replace([]);
      return;
    }
    void clusters.itemsIn(bounds(), map.getZoom() ?? MAP_ZOOM).then((items) => {
      if (items && redraw === redraws) replace(items);
    });
  };
  const idle = map.addListener('idle', () => {
    redraw();
    events.moved();
  });

  return {
    show(center, title, radiusMiles) {
      map.setCenter(center);
      map.setZoom(radiusZoom(center, radiusMiles, container.clientWidth, container.clientHeight));
      if (centre) setMap(centre, null);
      centre = marker(center, title, '', 'centre');
      setMap(centre, map);
    },
    setDonations(next) {
      clusters = next;
      redraw();
    },
    redraw,
    clearBoundaries() {
      map.data.forEach((feature) => {
        map.data.remove(feature);
      });
    },
    addBoundaries(collections) {
      for (const collection of collections) map.data.addGeoJson(collection);
    },
    bounds,
    zoomTo(position, zoom) {
      map.setCenter(position);
      map.setZoom(Math.max(zoom, map.getZoom() ?? 0));
    },
    destroy() {
      redraws++;
      idle.remove();
      for (const old of drawn) setMap(old, null);
      if (centre) setMap(centre, null);
      google.maps.event.clearInstanceListeners(map);
      container.replaceChildren();
    },
  };
}
