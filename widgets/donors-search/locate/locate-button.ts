import { fieldOf } from '../form/search-form.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** The class of the zip code field's box while it holds the button (widgets/islands.css lays it out). */
const FIELD_WITH_BUTTON = 'donors-search-field-locate';

/**
 * Puts the "use my location" button (named `name`, a crosshair drawn in the text's colour) at the end
 * of the form's zip code field, over the field's own end, so that nothing around it moves when the
 * island adds it. The page never prints it: without the island's code it could do nothing. Returns the
 * button and how to take it out again, or undefined for a form without a zip code field.
 */
export function addLocateButton(
  form: HTMLFormElement,
  name: string,
): { button: HTMLButtonElement; remove(): void } | undefined {
  const field = fieldOf(form, 'zipcode');
  const box = field?.parentElement;
  if (!field || !box) return undefined;
  const doc = form.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'donors-search-locate';
  button.setAttribute('aria-label', name);
  button.title = name;
  const icon = doc.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('focusable', 'false');
  const shape = (tag: string, attributes: Record<string, string>) => {
    const element = doc.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    icon.append(element);
  };
  const line = { fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round' };
  shape('circle', { cx: '12', cy: '12', r: '7', ...line });
  shape('path', { d: 'M12 2v3M12 19v3M2 12h3M19 12h3', ...line });
  shape('circle', { cx: '12', cy: '12', r: '2.5', fill: 'currentColor' });
  button.append(icon);
  box.classList.add(FIELD_WITH_BUTTON);
  field.after(button);
  return {
    button,
    remove() {
      button.remove();
      box.classList.remove(FIELD_WITH_BUTTON);
    },
  };
}
