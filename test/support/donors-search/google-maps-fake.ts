/**
 * A stand-in for the Google Maps JavaScript API, served in browser tests in place of
 * https://maps.googleapis.com/maps/api/js. It implements what the island uses and
 * records every call on `window.__mapsCalls`, so a test can assert what the map was asked to draw; each
 * marker has an id in those records and stays reachable as `window.__mapsMarkers[id]`, with the
 * listeners the island added (`handlers.click`).
 * Like the real script it replaces `google.maps.importLibrary` and calls the loader's callback.
 */
export const GOOGLE_MAPS_FAKE = `(() => {
  const calls = (window.__mapsCalls = []);
  const record = (type, data = {}) => calls.push({ type, ...data });
  const script = new URL(document.currentScript.src);
  record('script', { key: script.searchParams.get('key'), v: script.searchParams.get('v'), libraries: script.searchParams.get('libraries') });
  const maps = window.google.maps;
  const literal = (p) => (p && typeof p.lat === 'function' ? { lat: p.lat(), lng: p.lng() } : p && { lat: p.lat, lng: p.lng });
  const listener = () => ({ remove() {} });
  let markerIds = 0;
  // Every marker by id, so that a test can click one: \`__mapsMarkers[id].handlers.click()\`.
  const markers = (window.__mapsMarkers = {});

  class LatLng {
    constructor(lat, lng) { const p = typeof lat === 'object' && lat ? lat : { lat, lng }; this.a = p.lat; this.b = p.lng; }
    lat() { return this.a; }
    lng() { return this.b; }
    toJSON() { return { lat: this.a, lng: this.b }; }
  }
  class LatLngBounds {
    constructor(sw, ne) { this.points = [sw, ne].filter(Boolean).map((p) => new LatLng(literal(p))); }
    extend(p) { this.points.push(new LatLng(literal(p))); return this; }
    contains() { return true; }
    getCenter() { return this.points[0] ?? new LatLng(0, 0); }
    getNorthEast() { return new LatLng(90, 180); }
    getSouthWest() { return new LatLng(-90, -180); }
  }
  const event = { addListener: listener, removeListener() {}, trigger() {}, clearInstanceListeners() { record('clearInstanceListeners'); } };

  class Data {
    constructor() { this.features = []; }
    setStyle(style) { record('Data.setStyle', { style }); }
    addGeoJson(json) {
      const added = json.features.map((f) => ({ geometry: f.geometry.type, name: f.properties?.name }));
      record('Data.addGeoJson', { features: added });
      this.features.push(...added);
      return added;
    }
    forEach(fn) { [...this.features].forEach(fn); }
    remove(feature) { this.features = this.features.filter((f) => f !== feature); record('Data.remove'); }
  }
  class GoogleMap {
    constructor(div, options) {
      record('Map', { center: literal(options.center), zoom: options.zoom, mapId: options.mapId ?? null, inPage: div.isConnected });
      this.zoom = options.zoom; this.center = new LatLng(literal(options.center)); this.mapId = options.mapId; this.data = new Data();
      record('Map.options', { gestureHandling: options.gestureHandling ?? null, maxZoom: options.maxZoom ?? null });
    }
    setCenter(center) { this.center = new LatLng(literal(center)); record('Map.setCenter', { center: literal(center) }); }
    setZoom(zoom) { this.zoom = zoom; record('Map.setZoom', { zoom }); }
    getZoom() { return this.zoom; }
    getCenter() { return this.center; }
    getBounds() { return new LatLngBounds(new LatLng(-90, -180), new LatLng(90, 180)); }
    getProjection() { return {}; }
    getMapCapabilities() { return { isAdvancedMarkersAvailable: Boolean(this.mapId) }; }
    fitBounds() {}
    addListener() { return listener(); }
  }
  class Marker {
    constructor(options) {
      this.options = options;
      this.id = ++markerIds;
      markers[this.id] = this;
      record('Marker', { id: this.id, position: literal(options.position), title: options.title ?? null, label: options.label?.text ?? null });
      if (options.map) this.setMap(options.map);
    }
    setMap(map) { record('Marker.setMap', { id: this.id, title: this.options.title ?? null, onMap: Boolean(map) }); }
    getPosition() { return new LatLng(literal(this.options.position)); }
    getVisible() { return true; }
    addListener(name, handler) { (this.handlers ??= {})[name] = handler; return listener(); }
  }
  Marker.MAX_ZINDEX = 1000000;
  class AdvancedMarkerElement {
    constructor(options) {
      Object.assign(this, { id: ++markerIds, position: options.position, title: options.title, content: options.content });
      markers[this.id] = this;
      record('AdvancedMarkerElement', { id: this.id, position: literal(options.position), title: options.title ?? null, label: options.content?.textContent ?? null });
      if (options.map) this.map = options.map;
    }
    set map(map) { this.__map = map; record('AdvancedMarkerElement.map', { id: this.id, title: this.title ?? null, onMap: Boolean(map) }); }
    get map() { return this.__map ?? null; }
    addListener(name, handler) { (this.handlers ??= {})[name] = handler; return listener(); }
  }
  class PinElement {}

  Object.assign(maps, { LatLng, LatLngBounds, event, Data, Map: GoogleMap, Marker });
  maps.marker = { AdvancedMarkerElement, PinElement, Marker };
  const libraries = { core: maps, maps: { Map: GoogleMap, Data, LatLng, LatLngBounds }, marker: maps.marker };
  maps.importLibrary = async (name) => {
    record('importLibrary', { name });
    return libraries[name];
  };
  maps.__ib__();
})();
`;
