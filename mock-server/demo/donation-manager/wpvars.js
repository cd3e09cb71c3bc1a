/*
 * What Donation Manager localizes for its donors search (`wp_localize_script`, an inline script on the
 * site; a file here, under the demo's Content-Security-Policy): where its zip code KML files are.
 */
Object.assign(window, { wpvars: { zipCodeMapsUrl: '/zipcodes/' } });
