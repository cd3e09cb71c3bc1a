type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

/** A section that can be shown and hidden, and put back exactly as the server rendered it. */
export interface Section {
  show(shown: boolean): void;
  restore(): void;
}

/**
 * Wraps the additional-details section. Hiding sets the `hidden` attribute and the theme's `hidden`
 * class, and disables every field inside that is not disabled already, so a hidden `required` field can
 * never block submission and nothing hidden is sent. Showing enables only the fields it disabled.
 */
export function controlSection(section: HTMLElement): Section {
  const { hidden } = section;
  const hiddenClass = section.classList.contains('hidden');
  const disabledHere = new Set<Field>();

  const show = (shown: boolean) => {
    section.hidden = !shown;
    section.classList.toggle('hidden', !shown);
    if (shown) {
      for (const field of disabledHere) field.disabled = false;
      disabledHere.clear();
      return;
    }
    for (const field of section.querySelectorAll<Field>('input, select, textarea, button')) {
      if (field.disabled) continue;
      field.disabled = true;
      disabledHere.add(field);
    }
  };

  return {
    show,
    restore() {
      show(true);
      section.hidden = hidden;
      section.classList.toggle('hidden', hiddenClass);
    },
  };
}
