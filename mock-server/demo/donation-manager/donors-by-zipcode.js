/* A stand-in of Donation Manager's lib/js/donors-by-zipcode.js (5.6.1), written for the tests on jQuery:
 * a delegated submit on document, "Working..." faded in, the route asked with $.get, one row a donation
 * appended as HTML (titles included), the sentence filled, every submit button on the page relabelled
 * "Search". Google Maps is stood in where the page has none (tests reach no other origin). Draft by
 * dm-plugin for the WordPress stand-in; dm-search owns this file. */
// jQuery, the localized wpvars and Google Maps are the page's; the mock carries no types for them.
((/** @type {any} */ $, /** @type {any} */ page) => {
  const standIn = function GoogleMapsStandIn() {};
  const maps = page.google?.maps ?? { Map: standIn, Marker: standIn, KmlLayer: standIn };
  const resetButtons = () => {
    $('button[type="submit"]').removeAttr('disabled').removeClass('disabled').html('Search');
  };
  $(document).on('submit', '#donors-in-your-area', (/** @type {Event} */ event) => {
    const zipcode = $('#zipcode').val();
    const radius = $('#radius').val();
    const days = $('#days').val();
    const rows = $('#donors-in-your-area-table tbody');
    $('.alert-before').fadeIn().html('Working...');
    if ($('.alert-donors').is(':visible')) $('.alert-donors').fadeOut();
    if ($('#map').is(':visible')) $('#map').fadeOut();
    rows.html('');
    $.get(
      `/wp-json/donations/v1/search/${zipcode}/${radius}/${days}`,
      null,
      (/** @type {any} */ response) => {
        if (response.errors) {
          for (const property in response.errors)
            $('.alert-before').html(`ERROR: ${response.errors[property]} Please try another search.`);
          resetButtons();
          return;
        }
        $('#map').fadeIn();
        const center = { lat: response.coordinates.lat, lng: response.coordinates.lng };
        const map = new maps.Map(document.getElementById('map'), { zoom: 10, center });
        new maps.Marker({ position: center, map });
        new maps.KmlLayer({
          url: `${page.wpvars.zipCodeMapsUrl}zip${zipcode}.kml`,
          map,
          preserveViewport: true,
        });
        for (const zip in response.donations_by_zipcode ?? {})
          new maps.KmlLayer({
            url: `${page.wpvars.zipCodeMapsUrl}zip${zip}.kml`,
            map,
            preserveViewport: true,
          });
        for (const donation of response.data.donations) {
          rows.append(
            `<tr><td>${donation.number}</td><td>${donation.title}</td><td>${donation.zipcode}</td><td>${donation.date}</td></tr>`,
          );
          new maps.Marker({ position: donation.coordinates, map, title: donation.zipcode });
        }
        $('.alert-before').fadeOut();
        $('.alert-donors').fadeIn();
        $('#display_count').html(response.data.donations.length);
        $('#display_zipcode').html(zipcode);
        $('#display_radius').html(radius);
        $('#display_days').html(days);
        resetButtons();
      },
    );
    event.preventDefault();
  });
})(/** @type {any} */ (window).jQuery, /** @type {any} */ (window));
