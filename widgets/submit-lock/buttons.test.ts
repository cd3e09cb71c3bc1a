import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/dom';
import { findSubmitButtons, LOCKED_LABEL, lockButton, parseLockTexts } from './buttons.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

const button = (name: string | RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  document.body.innerHTML = markup;
});

describe('findSubmitButtons', () => {
  it('finds submit inputs, typeless buttons in a form and buttons tied to a form with form="…"', () => {
    expect(findSubmitButtons(document)).toEqual([
      button('Search'),
      button(/Ask a question/),
      button('Submit'),
      button('Send the question'),
    ]);
  });

  it.each([
    ['a typeless button outside any form', '<button>Menu</button>'],
    ['a reset button', '<form><button type="reset">Clear</button></form>'],
    ['a plain button', '<form><button type="button">Clear</button></form>'],
    ['a text input', '<form><input name="Clear" aria-label="Clear"></form>'],
  ])('leaves out %s', (_, html) => {
    document.body.innerHTML = html;
    expect(findSubmitButtons(document)).toEqual([]);
  });

  it.each([
    ['type="submit" outside any form', '<button type="submit">Go</button>'],
    ['type="SUBMIT" in capitals', '<form><button type="SUBMIT">Go</button></form>'],
    ['an image input', '<form><input type="image" src="/go.png" alt="Go"></form>'],
  ])('includes a button with %s', (_, html) => {
    document.body.innerHTML = html;
    expect(findSubmitButtons(document)).toEqual([button('Go')]);
  });
});

describe('lockButton', () => {
  it("changes the data of a button's own text node, so React keeps its node, and restores it", () => {
    const send = button('Send the question');
    const text = send.firstChild;
    const restore = lockButton(send as HTMLButtonElement);
    expect(send).toBeDisabled();
    expect(send.firstChild).toBe(text);
    expect(send).toHaveTextContent(LOCKED_LABEL);
    restore();
    expect(send.firstChild).toBe(text);
    expect(send).toHaveTextContent('Send the question');
    expect(send).toBeEnabled();
  });

  it('keeps aria-hidden icons and relabels the words beside them', () => {
    const ask = button(/Ask a question/);
    const restore = lockButton(ask as HTMLButtonElement);
    expect(ask).toHaveTextContent(`✉ ${LOCKED_LABEL}`);
    expect(ask).toHaveAccessibleName(LOCKED_LABEL);
    restore();
    expect(ask).toHaveAccessibleName('Ask a question');
  });

  it('changes an aria-label too, since that is the name a screen reader reads', () => {
    document.body.innerHTML = '<form><button aria-label="Find donors">🔍</button></form>';
    const restore = lockButton(button('Find donors') as HTMLButtonElement);
    expect(button(LOCKED_LABEL)).toHaveTextContent(LOCKED_LABEL);
    restore();
    expect(button('Find donors')).toHaveTextContent('🔍');
  });

  it.each([
    ['with a value', 'Search', 'Search'],
    ['without a value, showing the browser default', 'Submit', null],
  ])('relabels a submit input %s and puts back exactly that attribute', (_, name, value) => {
    const input = button(name) as HTMLInputElement;
    const restore = lockButton(input);
    expect(input.value).toBe(LOCKED_LABEL);
    restore();
    expect(input.getAttribute('value')).toBe(value);
  });

  it('disables an image input without touching its picture', () => {
    document.body.innerHTML = '<form><input type="image" src="/go.png" alt="Go"></form>';
    const image = button('Go') as HTMLInputElement;
    lockButton(image);
    expect(image).toBeDisabled();
    expect(image).not.toHaveAttribute('value');
  });

  it('keeps a button that was disabled before disabled', () => {
    const send = button('Send the question') as HTMLButtonElement;
    send.disabled = true;
    lockButton(send)();
    expect(send).toBeDisabled();
  });

  it('leaves a label that another script changed during the lock as that script set it', () => {
    const send = button('Send the question');
    const restore = lockButton(send as HTMLButtonElement);
    (send.firstChild as Text).data = 'Sent!';
    restore();
    expect(send).toHaveTextContent('Sent!');
  });
});

describe('parseLockTexts', () => {
  const problems: string[] = [];
  const parse = (json: Record<string, unknown>) => {
    problems.length = 0;
    return parseLockTexts(json, (key, expected, found) => problems.push(`${key}: ${expected}, got ${found}`));
  };

  it("reads the site's translation of the label", () => {
    expect(parse({ texts: { 'submit-lock': { busy: 'un instant…' } } })).toBe('un instant…');
    expect(parse({})).toBe(LOCKED_LABEL);
    expect(problems).toEqual([]);
  });

  it('keeps the English label for a wrong value, naming each key by its path', () => {
    expect(parse({ texts: [] })).toBe(LOCKED_LABEL);
    expect(parse({ texts: { 'submit-lock': 'wait' } })).toBe(LOCKED_LABEL);
    expect(problems).toEqual(['texts.submit-lock: an object, got "wait"']);
    for (const busy of [' ', 5, null]) {
      expect(parse({ texts: { 'submit-lock': { busy } } })).toBe(LOCKED_LABEL);
      expect(problems).toEqual([`texts.submit-lock.busy: a string, got ${JSON.stringify(busy)}`]);
    }
    parse({ texts: 'x' });
    expect(problems).toEqual(['texts: an object, got "x"']);
  });
});
