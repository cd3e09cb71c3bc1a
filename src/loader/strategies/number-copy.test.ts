import { readFileSync } from 'node:fs';
import { numberCopy } from './number-copy.ts';

const SNIPPET = readFileSync(`${import.meta.dirname}/../../../widgets/donors-search/markup.html`, 'utf8');
const hosts = () => [...document.querySelectorAll('[data-island="donors-search"]')];
const idsOf = (host: Element | undefined) => Array.from(host?.querySelectorAll('[id]') ?? [], (e) => e.id);

describe('numbering a copy pasted by hand', () => {
  beforeEach(() => {
    document.body.innerHTML = SNIPPET + SNIPPET;
  });

  it('leaves the first copy as pasted and numbers the second as the island will, labels and field names too', () => {
    const [first, second] = hosts();
    const pasted = idsOf(first);
    for (const host of hosts()) numberCopy(host);
    expect(idsOf(first)).toEqual(pasted);
    expect(idsOf(second)).toEqual(pasted.map((id) => `${id}-2`));
    for (const label of second?.querySelectorAll('label') ?? [])
      expect(second?.querySelector(`#${label.htmlFor}`)).not.toBeNull();
    const names = Array.from(
      second?.querySelectorAll<HTMLInputElement>('input, select') ?? [],
      (e) => e.name,
    );
    expect(names).toEqual(['zipcode-2', 'radius-2', 'days-2']);
    expect(new Set(idsOf(document.body)).size).toBe(idsOf(document.body).length);
  });

  it('leaves a copy the server printed numbered, and a hidden field the address carried, as they are', () => {
    const second = hosts()[1];
    for (const element of second?.querySelectorAll('[id]') ?? []) element.id = `${element.id}-2`;
    second?.querySelector('form')?.insertAdjacentHTML('beforeend', '<input type="hidden" id="p" name="p">');
    const printed = idsOf(second);
    numberCopy(second as Element);
    numberCopy(second as Element);
    expect(idsOf(second)).toEqual(printed.map((id) => (id === 'p' ? 'p-2' : id)));
    expect(second?.querySelector<HTMLInputElement>('[type=hidden]')?.name).toBe('p');
  });
});
