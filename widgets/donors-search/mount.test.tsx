import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBMIT_LOCK_RELEASE_EVENT } from '../../src/shared/submit-lock-signal.ts';
import { createTestContext } from '../../test/island-context.ts';
import { printSearchHost } from '../../test/support/donors-search/render-search.tsx';
import { SEARCH_TEXT_DEFAULTS } from './english-texts.js';
import { DEFAULT_OPTIONS } from './form/host-options.ts';
import { createSearchForm } from './form/search-form.ts';
import { mount } from './index.tsx';
import { FIRST_COPY_IDS } from './search-ids.ts';

vi.mock('./map/search-map.ts', () => import('../../test/support/donors-search/fake-search-map.ts'));

/** A REST client whose requests never answer, so a search is in flight for as long as the test wants. */
const signals = vi.hoisted(() => [] as AbortSignal[]);
/** The paths searched, in order. */
const paths = vi.hoisted(() => [] as string[]);
vi.mock('../../src/shared/rest-client.ts', () => ({
  restClient: () => ({
    get: (path: string, { signal }: { signal: AbortSignal }) => {
      signals.push(signal);
      paths.push(path);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  }),
}));

/** The host as markup.html has it, with the admin's overrides. */
function pasteHost(attributes: string) {
  document.body.innerHTML = `<div data-island="donors-search" ${attributes}><noscript><p>Needs JavaScript.</p></noscript></div>`;
  return document.querySelector('[data-island="donors-search"]') as HTMLElement;
}

async function mountIn(host: Element) {
  const ctx = createTestContext('donors-search');
  let dispose = () => {};
  await act(async () => {
    dispose = mount(host, ctx);
  });
  return { ctx, dispose: () => act(() => dispose()) };
}

describe('mount', () => {
  test('renders the search inside the host with the choices and defaults from its data attributes', async () => {
    const host = pasteHost(
      'data-radius-options="5,10" data-radius="10" data-days-options="7,14" data-days="14" data-zipcode="10001"',
    );
    const { ctx, dispose } = await mountIn(host);
    expect(within(host).getByRole('combobox', { name: 'Within' })).toHaveValue('10');
    expect(within(host).getByRole('combobox', { name: 'In the last' })).toHaveValue('14');
    expect(within(host).getByLabelText('Zip code')).toHaveValue('10001');
    expect(
      within(host)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 miles', '10 miles', '7 days', '14 days']);
    expect(ctx.reported).toEqual([]);
    await dispose();
  });

  test('reports a bad attribute and uses its default', async () => {
    const { ctx, dispose } = await mountIn(pasteHost('data-days="999"'));
    expect(screen.getByRole('combobox', { name: 'In the last' })).toHaveValue('30');
    expect(ctx.reported).toEqual([
      new Error('data-days must be one of 30, 45, 60, 90, got "999"; using 30.'),
    ]);
    await dispose();
  });

  test('dispose gives the host back, aborts the search in flight and releases the submit lock; twice is harmless', async () => {
    const releases = vi.fn();
    document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, releases);
    const host = pasteHost('data-zipcode="10001"');
    const { dispose } = await mountIn(host);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Working...');
    await dispose();
    await dispose();
    // An empty host comes back as it was pasted: the form the island built leaves with it.
    expect(host.innerHTML).toBe('<noscript><p>Needs JavaScript.</p></noscript>');
    expect(releases).toHaveBeenCalledTimes(1);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    document.removeEventListener(SUBMIT_LOCK_RELEASE_EVENT, releases);
  });
});

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

/**
 * What an element is to the eye and to a screen reader, children included (no data-fill: printing only;
 * no <noscript>: with JavaScript on, it shows nothing).
 */
function shape(element: Element): unknown {
  const attributes = [...element.attributes]
    .filter(({ name }) => name !== 'data-fill' && name !== 'selected')
    .map(({ name, value }) => `${name}=${value}`)
    .sort();
  const children = [...element.childNodes].flatMap((node) =>
    node instanceof Element
      ? node.localName === 'noscript'
        ? []
        : [shape(node)]
      : node.textContent?.trim()
        ? [node.textContent.trim()]
        : [],
  );
  return [element.localName, attributes, children];
}
const shapes = (host: Element) => (shape(host) as [string, string[], unknown[]])[2];

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
    expect(shape(createSearchForm(document, FIRST_COPY_IDS, DEFAULT_OPTIONS, SEARCH_TEXT_DEFAULTS))).toEqual(
      shape(printed),
    );
  });

  test('without JavaScript the page says the search needs it, and where the map is that the map does', () => {
    // The page parses <noscript> as text while scripting is on: its markup is the text.
    const host = printSearchHost();
    const note = host.querySelector(':scope > noscript')?.textContent;
    expect(note?.replace(/<[^>]*>/g, '')).toBe(
      'The donations search needs JavaScript. Please enable it to search for donations near you.',
    );
    const mapNote = host.querySelector('#map > noscript')?.textContent;
    expect(mapNote?.replace(/<[^>]*>/g, '')).toBe(
      'The map needs JavaScript. The table lists the donations found.',
    );
  });

  test('keeps the very elements, what was typed and chosen, the focus and the caret', async () => {
    const host = printSearchHost();
    const user = userEvent.setup();
    const zip = screen.getByLabelText('Zip code') as HTMLInputElement;
    const radius = screen.getByLabelText('Within');
    await user.selectOptions(radius, '45 miles');
    await user.type(zip, '10001');
    zip.setSelectionRange(2, 3);
    mountOn(host);
    expect(screen.getByLabelText('Zip code')).toBe(zip);
    expect(screen.getByLabelText('Within')).toBe(radius);
    expect(zip).toHaveValue('10001');
    expect(radius).toHaveValue('45');
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
