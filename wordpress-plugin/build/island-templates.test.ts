import { islandTemplates, markupTemplate } from './island-templates.mjs';

const ATTRIBUTES = {
  'radius-options': { html: 'data-radius-options' },
  radius: { html: 'data-radius' },
  zipcode: { html: 'data-zipcode' },
};

const host = (inner: string) => `<div data-island="x" data-radius="15">${inner}</div>`;

describe('markupTemplate', () => {
  it("turns data-fill elements into placeholders the plugin fills, with an option written like the file's first", () => {
    const { content, options } = markupTemplate(
      host(
        '<input name="zipcode" data-fill="zipcode"><select data-fill="radius-options radius"><option value="15" selected>15 miles</option><option value="30">30 miles</option></select>',
      ),
      '[data-island="x"]',
      ATTRIBUTES,
    );
    expect(content).toBe(
      '<input name="zipcode" value="%%value:zipcode%%"><select>%%options:radius-options:radius%%</select>',
    );
    expect(options).toEqual({
      'radius-options': '<option%%selected%% value="%%option%%">%%option%% miles</option>',
    });
  });

  it('numbers the ids and label targets of an island whose copies are numbered, and only those', () => {
    const inner = '<label for="zipcode">Zip</label><input id="zipcode">';
    expect(markupTemplate(host(inner), '[data-island="x"]', ATTRIBUTES, true).content).toBe(
      '<label for="zipcode%%copy%%">Zip</label><input id="zipcode%%copy%%">',
    );
    expect(markupTemplate(host(inner), '[data-island="x"]', ATTRIBUTES).content).toBe(inner);
  });

  it("keeps the host's own class, style and id apart, for the plugin to merge a block's wrapper attributes into", () => {
    const { html, hostAttributes } = markupTemplate(
      '<div class="band truck" style="color:red" id="b" data-island="x" data-radius="15"></div>',
      '[data-island="x"]',
      ATTRIBUTES,
    );
    expect(html).toBe('<div data-island="x"%%attributes%%>%%content%%</div>');
    expect(hostAttributes).toEqual({ class: 'band truck', style: 'color:red', id: 'b' });
  });

  it('refuses a data-fill that names an attribute the manifest does not declare, or that it cannot fill', () => {
    expect(() => markupTemplate(host('<input data-fill="colour">'), '[data-island="x"]', ATTRIBUTES)).toThrow(
      /names colour/,
    );
    expect(() =>
      markupTemplate(host('<p data-fill="zipcode"></p>'), '[data-island="x"]', ATTRIBUTES),
    ).toThrow(/fills an input from one attribute or a select from two/);
  });

  it("builds the donors search's form from markup.html with every choice and value left to the plugin", () => {
    const { content, options } = islandTemplates(new URL('../..', import.meta.url).pathname)['donors-search'];
    expect(content).toContain('value="%%value:zipcode%%"');
    expect(content).toContain('%%options:radius-options:radius%%');
    expect(content).toContain('%%options:days-options:days%%');
    expect(content).toContain('id="zipcode%%copy%%"');
    expect(content).not.toContain('data-fill');
    expect(content).not.toContain('<option');
    expect(Object.keys(options)).toEqual(['radius-options', 'days-options']);
  });
});
