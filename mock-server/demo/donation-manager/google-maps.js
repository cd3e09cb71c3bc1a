/*
 * A stand-in for the Google Maps JavaScript API that Donation Manager's donors search draws on (its
 * `googlemaps` script): the three classes it calls, which draw nothing but a note of the map's centre
 * into the map's element, and count themselves in `google.maps.drawn`, so that a test sees what the
 * original drew without Google's servers.
 */
(() => {
  const drawn = { maps: 0, markers: 0, layers: 0 };
  class GoogleMap {
    /** @param {HTMLElement} element @param {{center: {lat: number, lng: number}}} options */
    constructor(element, options) {
      drawn.maps += 1;
      const note = document.createElement('p');
      note.className = 'google-maps-stand-in';
      note.textContent = `Map centred on ${options.center.lat}, ${options.center.lng}`;
      element.replaceChildren(note);
    }
  }
  class Marker {
    constructor() {
      drawn.markers += 1;
    }
  }
  class KmlLayer {
    constructor() {
      drawn.layers += 1;
    }
  }
  Object.assign(window, { google: { maps: { Map: GoogleMap, Marker, KmlLayer, drawn } } });
})();
