/*
 * A stand-in for Donation Manager 5.6.1's lib/js/donors-by-zipcode.js, written for the demo and the
 * tests (not its code): what it does, event for event, on the real jQuery, so that a page with both
 * scripts shows what the site shows. Its quirks are kept on purpose: a delegated submit on the
 * document, values read by id, rows and values written as HTML, every `button[type="submit"]` of the
 * page given back and relabelled "Search", a failed request leaving "Working..." up, and a marker label
 * read from `donations_by_zipcode` that throws when a donation's zip is missing from it.
 */
((/** @type {any} */ $) => {
  $(document).on('submit', '#donors-in-your-area', (/** @type {Event} */ e) => {
    const zipcode = $('#zipcode').val();
    const radius = $('#radius').val();
    const days = $('#days').val();
    const donorsTable = $('#donors-in-your-area-table tbody');
    $('.alert-before').fadeIn().html('Working...');
    if ($('.alert-donors').is(':visible')) $('.alert-donors').fadeOut();
    if ($('#map').is(':visible')) $('#map').fadeOut();
    donorsTable.html('');

    const requestUrl = `/wp-json/donations/v1/search/${zipcode}/${radius}/${days}`;
    const giveButtonsBack = () => {
      $('button[type="submit"]').removeAttr('disabled');
      $('button[type="submit"]').removeClass('disabled');
      $('button[type="submit"]').html('Search');
    };
    $.get(requestUrl, null, (/** @type {any} */ response) => {
      if (response.errors) {
        for (const property in response.errors)
          $('.alert-before').html(`ERROR: ${response.errors[property]} Please try another search.`);
        giveButtonsBack();
        return;
      }
      $('#map').fadeIn();
      const donations = response.data.donations;
      const zipcodeCoor = { lat: response.coordinates.lat, lng: response.coordinates.lng };
      const map = new google.maps.Map(document.getElementById('map'), { zoom: 10, center: zipcodeCoor });
      new google.maps.Marker({ position: zipcodeCoor, map });
      new google.maps.KmlLayer({
        url: `${wpvars.zipCodeMapsUrl}zip${zipcode}.kml`,
        map,
        preserveViewport: true,
      });
      if (response.donations_by_zipcode)
        for (const zipCode in response.donations_by_zipcode)
          new google.maps.KmlLayer({
            url: `${wpvars.zipCodeMapsUrl}zip${zipCode}.kml`,
            map,
            preserveViewport: true,
          });
      for (const el of donations) {
        donorsTable.append(
          `<tr><td>${el.number}</td><td>${el.title}</td><td>${el.zipcode}</td><td>${el.date}</td></tr>`,
        );
        new google.maps.Marker({
          position: el.coordinates,
          map,
          title: el.zipcode,
          label: response.donations_by_zipcode[el.zipcode].toString(),
        });
      }
      $('.alert-before').fadeOut();
      $('.alert-donors').fadeIn();
      $('#display_count').html(donations.length);
      $('#display_zipcode').html(zipcode);
      $('#display_radius').html(radius);
      $('#display_days').html(days);
      giveButtonsBack();
    });
    e.preventDefault();
  });
})(jQuery);
