import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestContext } from '../../test/island-context.ts';
import { printSearchHost } from '../../test/support/donors-search/render-search.tsx';
import { DEFAULT_OPTIONS } from './form/host-options.ts';
import { createSearchForm } from './form/search-form.ts';
import { mount } from './index.tsx';
import { NEEDS_JAVASCRIPT } from './search/status-text.ts';
import { ORIGINAL_IDS } from './search-ids.ts';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

/** The paths searched; the requests never answer, so a search stays in flight. */
const paths = vi.hoisted(() => [] as string[]);
vi.mock('../../src/shared/rest-client.ts', () => ({
  restClient: () => ({
    get: (path: string, { signal }: { signal: AbortSignal }) => {
      paths.push(path);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  }),
}));

let disposeAll: (() => void)[] = [];
function mountOn(host: Element, heldSubmit?: FormData) {
  const ctx = { ...createTestContext('donors-search'), heldSubmit };
  act(() => {
    disposeAll.push(mount(host, ctx));
  });
}
afterEach(() => {
  act(() => {
    for (const dispose of disposeAll) dispose();
  });
  disposeAll = [];
  paths.length = 0;
  document.body.replaceChildren();
});

/** What an element is to the eye and to a screen reader, children included (no data-fill: printing only). */
function shape(element: Element): unknown {
  const attributes = [...element.attributes]
    .filter(({ name }) => name !== 'data-fill' && name !== 'selected')
    .map(({ name, value }) => `${name}=${value}`)
    .sort();
  const children = [...element.childNodes].flatMap((node) =>
    node instanceof Element ? [shape(node)] : node.textContent?.trim() ? [node.textContent.trim()] : [],
  );
  return [element.localName, attributes, children];
}
const shapes = (host: Element) =>
  [...host.children].filter((child) => child.localName !== 'noscript').map(shape);

describe('the island takes over the printed form', () => {
  test('what the page printed is what the island shows before a search: form, status, results and map alike', () => {
    const host = printSearchHost();
    const printed = shapes(host);
    mountOn(host);
    expect(host).toHaveAttribute('data-mounted');
    expect(shapes(host)).toEqual(printed);
  });

  test('the form an empty host gets is the one the page prints', () => {
    const host = printSearchHost();
    const printed = host.querySelector('form') as HTMLFormElement;
    expect(shape(createSearchForm(document, ORIGINAL_IDS, DEFAULT_OPTIONS))).toEqual(shape(printed));
  });

  test('without JavaScript the page says the search needs it, in the words the island keeps', () => {
    // The page parses <noscript> as text while scripting is on: its markup is the text.
    const note = printSearchHost().querySelector('noscript')?.textContent;
    expect(note?.replace(/<[^>]*>/g, '')).toBe(NEEDS_JAVASCRIPT);
  });

  test('keeps the very elements, what was typed and chosen, the focus and the caret', async () => {
    const host = printSearchHost();
    const user = userEvent.setup();
    const zip = screen.getByLabelText('Zip code') as HTMLInputElement;
    const within = screen.getByLabelText('Within');
    await user.selectOptions(within, '45 miles');
    await user.type(zip, '10001');
    zip.setSelectionRange(2, 3);
    mountOn(host);
    expect(screen.getByLabelText('Zip code')).toBe(zip);
    expect(screen.getByLabelText('Within')).toBe(within);
    expect(zip).toHaveValue('10001');
    expect(within).toHaveValue('45');
    expect(document.activeElement).toBe(zip);
    expect([zip.selectionStart, zip.selectionEnd]).toEqual([2, 3]);
    // And it is wired: Search runs a search for what is in the form.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(paths).toEqual(['donations/v1/search/10001/45/30']);
  });

  test('a search held before the code arrived shows as working from the first render and is sent as it was', () => {
    const host = printSearchHost();
    const zip = screen.getByLabelText('Zip code') as HTMLInputElement;
    zip.value = '60601';
    const held = new FormData(host.querySelector('form') as HTMLFormElement);
    zip.value = '99999';
    mountOn(host, held);
    expect(host.querySelector('.alert-before')?.className).toBe('alert-before alert alert-info');
    expect(host.querySelector('.alert-before')?.textContent).toBe('Working...');
    expect(paths).toEqual(['donations/v1/search/60601/15/30']);
    expect(zip).toHaveValue('99999');
  });

  test("choices follow the host's attributes when a pasted copy's printed ones differ; the visitor's pick stays when it is still a choice", async () => {
    const host = printSearchHost();
    host.setAttribute('data-radius-options', '5,15,25');
    host.setAttribute('data-days', '60');
    await userEvent.selectOptions(screen.getByLabelText('Within'), '15 miles');
    mountOn(host);
    const texts = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.text);
    expect(texts('Within')).toEqual(['5 miles', '15 miles', '25 miles']);
    expect(screen.getByLabelText('Within')).toHaveValue('15');
    expect(texts('In the last')).toEqual(['30 days', '45 days', '60 days', '90 days']);
    expect(screen.getByLabelText('In the last')).toHaveValue('60');
  });

  test('a second copy takes its own ids, labels following, before and after a dispose gives the printed areas back', () => {
    const first = printSearchHost();
    const second = first.cloneNode(true) as HTMLElement;
    document.body.append(second);
    mountOn(first);
    mountOn(second);
    expect(second.querySelector('#zipcode-2')).not.toBeNull();
    expect(second.querySelector('label[for="zipcode-2"]')).not.toBeNull();
    expect(screen.getAllByLabelText('Zip code').map((input) => input.id)).toEqual(['zipcode', 'zipcode-2']);
    const [disposeFirst] = disposeAll;
    act(() => disposeFirst?.());
    expect(first).not.toHaveAttribute('data-mounted');
    expect(first.querySelectorAll('.alert-before[data-working-text]')).toHaveLength(1);
    expect(first.querySelector('form')).not.toBeNull();
  });
});
