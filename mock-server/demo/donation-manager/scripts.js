// @ts-nocheck -- a page script on the jQuery global, as the original is, not a module of the mock.
/*
 * A stand-in for Donation Manager 5.6.1's lib/js/scripts.js, which WordPress prints inline after jQuery on
 * every page of a site that runs it. Written for the demo and the tests from that file, not copied: it does
 * what the original does, handler for handler, on the same jQuery 3.7.1 (its console lines left out):
 * - at jQuery's ready, adds the class `hidden` to #additional-details, wherever it is;
 * - a delegated `submit` handler on the document, for every form: every button[type="submit"] of the page
 *   gets the attribute disabled, the class `disabled` and the HTML "one moment..." (its children replaced),
 *   and the event stops propagating; nothing ever gives them back;
 * - when the screening form's provide_additional_details field holds exactly "1": #additional-details loses
 *   `hidden` if a checked input of that form has the value "yes" in any case, and then on every `change` of
 *   that form's radios (bound on the radios themselves) gains or loses it again by the same rule;
 * - a `click` bound on #show-priority slides every .priority-alert up and every .priority-note down, and one
 *   bound on each `.priority-note button.elementor-alert-dismiss` does the reverse; both prevent the default.
 */
jQuery(($) => {
  $('#additional-details').addClass('hidden');

  $(document).on('submit', 'form', (event) => {
    const buttons = $('button[type="submit"]');
    buttons.attr('disabled', 'disabled');
    buttons.addClass('disabled');
    buttons.html('one moment...');
    event.stopPropagation();
  });

  const screening = 'form[name="screening-questions"]';
  if ($(`${screening} input[name="provide_additional_details"]`).val() === '1') {
    const answeredYes = () =>
      $(`${screening} input:checked`)
        .toArray()
        .some((input) => input.value.toLowerCase() === 'yes');
    if (answeredYes()) $('#additional-details').removeClass('hidden');
    $(`${screening} input:radio`).change(() => {
      if (answeredYes()) $('#additional-details').removeClass('hidden');
      else $('#additional-details').addClass('hidden');
    });
  }

  $('#show-priority').on('click', (event) => {
    event.preventDefault();
    $('.priority-alert').slideUp();
    $('.priority-note').slideDown();
  });
  $('.priority-note button.elementor-alert-dismiss').on('click', (event) => {
    event.preventDefault();
    $('.priority-note').slideUp();
    $('.priority-alert').slideDown();
  });
});
