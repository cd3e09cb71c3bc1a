import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { createTestContext } from '../../test/island-context.ts';
import { mount } from './index.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

const question = (name: RegExp) => within(screen.getByRole('group', { name }));
const answer = (name: RegExp, value: 'Yes' | 'No') => question(name).getByRole('radio', { name: value });
const section = () => document.getElementById('additional-details') as HTMLElement;
const details = () => screen.getByLabelText('Tell the driver what to expect', { selector: 'textarea' });

let mounted: { abort(): void } | undefined;
afterEach(() => mounted?.abort());

function render(options: { flag?: string; checked?: string; yesValue?: string } = {}) {
  document.body.innerHTML = markup;
  const form = document.querySelector('form') as HTMLFormElement;
  const flag = form.elements.namedItem('provide_additional_details') as HTMLInputElement;
  if (options.flag !== undefined) flag.value = options.flag;
  const yes = answer(/damaged/, 'Yes') as HTMLInputElement;
  if (options.yesValue !== undefined) yes.value = options.yesValue;
  if (options.checked === 'yes') yes.checked = true;
  const ctx = createTestContext('screening-questions');
  const dispose = mount(form, ctx);
  mounted = ctx;
  return { form, ctx, dispose, user: userEvent.setup() };
}

describe('screening-questions', () => {
  it('leaves the section visible in the markup, for donors without JavaScript', () => {
    document.body.innerHTML = markup;
    expect(section()).toBeVisible();
    expect(details()).toBeEnabled();
  });

  it('hides the section on load when every answer is no', () => {
    render();
    expect(section()).not.toBeVisible();
    expect(section()).toHaveClass('hidden');
  });

  it.each([
    ['1', true],
    ['0', false],
    ['', false],
    ['true', false],
    [' 1', false],
    ['1 ', false],
    ['yes', false],
  ])('with the flag %j and a yes answer on load, the section is shown: %s', (flag, shown) => {
    render({ flag, checked: 'yes' });
    expect(section().hidden).toBe(!shown);
    expect(section().classList.contains('hidden')).toBe(!shown);
  });

  it.each([
    ['yes', true],
    ['Yes', true],
    ['YES', true],
    ['yEs', true],
    ['no', false],
    ['No', false],
    ['yes ', false],
    ['y', false],
  ])('an answer with the value %j reveals the section: %s', async (value, shown) => {
    const { user } = render({ yesValue: value });
    await user.click(answer(/damaged/, 'Yes'));
    expect(section().hidden).toBe(!shown);
  });

  it('shows the section while at least one answer is yes and hides it when none is', async () => {
    const { user } = render();
    await user.click(answer(/damaged/, 'Yes'));
    await user.click(answer(/two people/, 'Yes'));
    expect(section()).toBeVisible();
    await user.click(answer(/damaged/, 'No'));
    expect(section()).toBeVisible();
    await user.click(answer(/two people/, 'No'));
    expect(section()).not.toBeVisible();
  });

  it('ignores answer changes when the flag is off', async () => {
    const { user } = render({ flag: '0' });
    await user.click(answer(/damaged/, 'Yes'));
    expect(section()).not.toBeVisible();
  });

  it('disables the fields of the hidden section and enables them again when shown', async () => {
    const { user } = render();
    expect(details()).toBeDisabled();
    await user.click(answer(/outside/, 'Yes'));
    expect(details()).toBeEnabled();
    await user.click(answer(/outside/, 'No'));
    expect(details()).toBeDisabled();
  });

  it('keeps a field the server disabled disabled after showing the section', async () => {
    document.body.innerHTML = markup;
    details().setAttribute('disabled', '');
    const form = document.querySelector('form') as HTMLFormElement;
    const ctx = createTestContext('screening-questions');
    mounted = ctx;
    mount(form, ctx);
    await userEvent.setup().click(answer(/damaged/, 'Yes'));
    expect(section()).toBeVisible();
    expect(details()).toBeDisabled();
  });

  it('counts a radio that belongs to the form through form="…" from outside it', async () => {
    const { form, user } = render();
    form.id = 'screening';
    form.insertAdjacentHTML(
      'afterend',
      '<label><input type="radio" name="outside_question" value="yes" form="screening"> Outside yes</label>',
    );
    await user.click(screen.getByRole('radio', { name: 'Outside yes' }));
    expect(section()).toBeVisible();
  });

  it('ignores radios of other forms', async () => {
    const { user } = render();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<form><label><input type="radio" value="yes"> Other</label></form>',
    );
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(section()).not.toBeVisible();
  });

  it('follows the answers back when the form is reset', async () => {
    const { form, user } = render();
    await user.click(answer(/damaged/, 'Yes'));
    form.reset();
    await new Promise((resolve) => setTimeout(resolve));
    expect(section()).not.toBeVisible();
  });

  it('puts the section and its fields back as rendered on dispose, and stops listening', async () => {
    const { ctx, dispose, user } = render();
    ctx.abort();
    dispose();
    expect(section()).toBeVisible();
    expect(section()).not.toHaveClass('hidden');
    expect(details()).toBeEnabled();
    await user.click(answer(/damaged/, 'No'));
    expect(section()).toBeVisible();
  });

  it('names the missing section when the form asks for details and has none', () => {
    document.body.innerHTML =
      '<form name="screening-questions"><input type="hidden" name="provide_additional_details" value="1"></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    expect(() => mount(form, createTestContext('screening-questions'))).toThrow(
      'form "screening-questions" has no #additional-details section',
    );
  });
});
