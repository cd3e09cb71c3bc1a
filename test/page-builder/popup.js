// What Elementor Pro's popup does on a trigger: builds the popup from its template with jQuery and
// appends it to <body>, after the page has loaded and the islands have mounted.
jQuery(($) => {
  $(document).on('click', '[data-open-popup]', (event) => {
    event.preventDefault();
    const template = document.getElementById('elementor-popup-template');
    $('body').append(
      `<div class="elementor-popup-modal dialog-lightbox-widget" role="dialog" aria-label="Priority note">
        <div class="dialog-widget-content"><div class="e-con e-parent"><div class="e-con e-child">
          ${template.textContent}
        </div></div></div>
      </div>`,
    );
  });
});
