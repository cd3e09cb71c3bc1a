/*
 * What Donation Manager's scripts find on its pages, as its stand-ins here use them: jQuery (the real
 * library, untyped here: the stand-ins call it as the original does), the Maps API stand-in and the
 * `wpvars` it localizes.
 */
// biome-ignore lint/suspicious/noExplicitAny: jQuery's own types are not installed; see above
declare const jQuery: any;
declare const google: {
  maps: {
    Map: new (
      element: HTMLElement | null,
      options: { zoom: number; center: { lat: number; lng: number } },
    ) => object;
    Marker: new (options: object) => object;
    KmlLayer: new (options: object) => object;
  };
};
declare const wpvars: { zipCodeMapsUrl: string };
