/* A stand-in of Donation Manager's lib/js/scripts.js (5.6.1), written for the tests on jQuery: the same
 * handlers, bound the same way, with its quirks (every submit button on the page relabelled, whichever
 * form was sent). Draft by dm-plugin for the WordPress stand-in; dm-alert owns this file. */
// jQuery is the page's (WordPress's); the mock carries no types for it.
/** @type {any} */ (window).jQuery(document).ready((/** @type {any} */ $) => {
  $('#additional-details').addClass('hidden');

  $(document).on('submit', 'form', (/** @type {Event} */ event) => {
    $('button[type="submit"]').attr('disabled', 'disabled').addClass('disabled').html('one moment...');
    event.stopPropagation();
  });

  const screening = 'form[name="screening-questions"]';
  const anyYes = () =>
    $(`${screening} input:checked`)
      .toArray()
      .some((/** @type {HTMLInputElement} */ input) => input.value.toLowerCase() === 'yes');
  if ($(`${screening} input[name="provide_additional_details"]`).val() === '1') {
    if (anyYes()) $('#additional-details').removeClass('hidden');
    $(`${screening} input:radio`).change(() => {
      $('#additional-details').toggleClass('hidden', !anyYes());
    });
  }

  $('#show-priority').on('click', (/** @type {Event} */ event) => {
    event.preventDefault();
    $('.priority-alert').slideUp();
    $('.priority-note').slideDown();
  });
  $('.priority-note button.elementor-alert-dismiss').on('click', (/** @type {Event} */ event) => {
    event.preventDefault();
    $('.priority-note').slideUp();
    $('.priority-alert').slideDown();
  });
});
