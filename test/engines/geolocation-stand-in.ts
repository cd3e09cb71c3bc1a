/**
 * WebKit's stand-in for the browser's geolocation (see the suite's `position`): WebKitGTK's WebDriver
 * can neither grant a page the position nor set one, and MiniBrowser has no location service to ask.
 * The source replaces the page's `navigator.geolocation` with one that answers every request as
 * Chromium and Firefox answer under emulation: with the place, or refused (error code 1), a task later.
 */
export function geolocationStandIn(position: { latitude: number; longitude: number } | 'refused'): string {
  return `(() => {
    const answer = ${JSON.stringify(position)};
    const standIn = {
      getCurrentPosition(success, failure) {
        setTimeout(() => {
          if (answer === 'refused')
            failure?.({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
          else
            success({ coords: { ...answer, accuracy: 20, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() });
        });
      },
      watchPosition() {
        return 0;
      },
      clearWatch() {},
    };
    Object.defineProperty(navigator, 'geolocation', { configurable: true, get: () => standIn });
  })()`;
}
