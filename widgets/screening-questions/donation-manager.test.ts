import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { donationManagerMarkup, runDonationManagerScripts } from '../../test/donation-manager-stand-in.ts';
import { createTestContext } from '../../test/island-context.ts';
import { ISLANDS } from '../islands.js';
import { mount } from './index.ts';

const entry = ISLANDS.find(({ name }) => name === 'screening-questions');
const selector = entry && 'selector' in entry.host ? entry.host.selector : '';
const printed = donationManagerMarkup('screening-questions.html');

const cleanUp: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanUp.splice(0)) clean();
});

type Who = 'the island' | "Donation Manager's scripts.js" | 'both';

/** The screening step as Donation Manager prints it, `change`d as a test needs, run by `who`. */
async function render(who: Who, change: (form: HTMLFormElement) => void = () => {}) {
  document.body.innerHTML = printed;
  change(document.querySelector('form') as HTMLFormElement);
  if (who !== 'the island') cleanUp.push((await runDonationManagerScripts()).remove);
  if (who !== "Donation Manager's scripts.js")
    for (const host of document.querySelectorAll(selector)) {
      const ctx = createTestContext('screening-questions');
      const dispose = mount(host, ctx);
      cleanUp.push(() => {
        ctx.abort();
        dispose();
      });
    }
  return userEvent.setup();
}

const section = () => document.getElementById('additional-details');
/** The radio answering the `question`th question (1, 2, 3) with "Yes" or "No". */
const answer = (question: number, value: 'Yes' | 'No') =>
  document.querySelectorAll<HTMLInputElement>(`input[type="radio"][value="${value}" i]`)[
    question - 1
  ] as HTMLElement;

/** Whether the donor sees the section, and no class or attribute left that says otherwise. */
function expectShown(shown: boolean) {
  const element = section() as HTMLElement;
  if (shown) {
    expect(element).toBeVisible();
    expect(element).not.toHaveClass('hidden');
  } else {
    expect(element).not.toBeVisible();
  }
}

const WHO: Who[] = ['the island', "Donation Manager's scripts.js", 'both'];

describe("screening-questions on Donation Manager's screening step", () => {
  it('is found by the manifest on the form as Donation Manager prints it', () => {
    document.body.innerHTML = printed;
    expect([...document.querySelectorAll(selector)]).toEqual([document.querySelector('form')]);
  });

  it.each(WHO)('shows the details at every step as the original does, run by %s', async (who) => {
    const user = await render(who);
    expectShown(false);
    await user.click(answer(1, 'Yes'));
    expectShown(true);
    await user.click(answer(2, 'No'));
    expectShown(true);
    await user.click(answer(1, 'No'));
    expectShown(false);
    await user.click(answer(3, 'Yes'));
    expectShown(true);
    await user.click(answer(3, 'No'));
    expectShown(false);
  });

  it.each(WHO)('takes "YES" in any case for a yes, run by %s', async (who) => {
    const user = await render(who, (form) => {
      for (const radio of form.querySelectorAll<HTMLInputElement>('input[value="Yes"]')) radio.value = 'YES';
    });
    await user.click(answer(2, 'Yes'));
    expectShown(true);
  });

  it.each(WHO)(
    'shows the details at once for a "Yes" posted back (the escaped checked), run by %s',
    async (who) => {
      await render(who, (form) => {
        // The template escapes the attribute it is given: the browser reads checked="&quot;checked&quot;".
        form.innerHTML = form.innerHTML.replace('value="Yes">', 'value="Yes" checked=&quot;checked&quot;>');
      });
      expect(answer(1, 'Yes')).toBeChecked();
      expectShown(true);
    },
  );

  it.each(WHO)(
    'keeps the details hidden whatever the answers when the flag is not "1", run by %s',
    async (who) => {
      const user = await render(who, (form) => {
        (form.elements.namedItem('provide_additional_details') as HTMLInputElement).value = 'true';
      });
      expectShown(false);
      await user.click(answer(1, 'Yes'));
      expectShown(false);
    },
  );

  it.each(WHO)(
    'does nothing, and reports nothing, on the step printed with details off, run by %s',
    async (who) => {
      const reported = vi.spyOn(console, 'error');
      const user = await render(who, (form) => {
        section()?.remove();
        (form.elements.namedItem('provide_additional_details') as HTMLInputElement).value = '';
      });
      await user.click(answer(1, 'Yes'));
      expect(section()).toBeNull();
      expect(reported).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Continue to Step 3' })).toBeEnabled();
    },
  );
});
