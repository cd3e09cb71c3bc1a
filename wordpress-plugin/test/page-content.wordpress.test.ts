/**
 * What a page holding the plugin's shortcodes gives its visitors and its editors: forms whose answers
 * reach a page that exists, and notes about a misplaced shortcode that look like notes and lose nothing.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeWordPress, pageWith, useWordPress } from './wordpress-suite.ts';

const AUDIENCE = 'Only people who can edit this content see this note; visitors do not.';

/** How a note is drawn: its left border and whether it is boxed off from the text around it. */
const noteLook = (page: Page) =>
  page
    .locator('.donation-widgets-notice')
    .first()
    .evaluate((note) => {
      const style = getComputedStyle(note);
      return {
        role: note.getAttribute('role'),
        borderLeft: `${style.borderLeftWidth} ${style.borderLeftStyle}`,
        borderTop: style.borderTopStyle,
        padded: Number.parseFloat(style.paddingLeft) > 0,
      };
    });

describeWordPress('pages holding the shortcodes, for visitors and for editors', () => {
  const wp = useWordPress();

  it('posts the screening answers to the page the form is on, which exists and receives them', async () => {
    const path = await pageWith(
      wp.php,
      'schedule-a-pick-up',
      '[donation_widget island="screening-questions" /]',
    );
    const { page } = await wp.open(path);
    const form = page.locator('form[name="screening-questions"]');
    expect(await form.getAttribute('action')).toBeNull();
    await page
      .getByRole('group', { name: /damaged/ })
      .getByLabel('Yes')
      .check();
    await page.getByLabel('Tell the driver what to expect').fill('Gate code 12');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send my answers' }).click(),
    ]);
    expect(response.url()).toBe(`${wp.site.url}${path}`);
    expect(response.status()).toBe(200);
    const sent = new URLSearchParams(response.request().postData() ?? '');
    expect(sent.get('items_damaged')).toBe('Yes');
    expect(sent.get('additional_details')).toBe('Gate code 12');
    // The page itself answered: the donation plugin reads the answers there.
    await page.waitForLoadState('load');
    expect(await page.locator('form[name="screening-questions"]').count()).toBe(1);
  });

  it('shows editors a bordered note that only they see, for an unknown island or attribute', async () => {
    const path = await pageWith(
      wp.php,
      'notes-for-editors',
      '[donation_widget island="nope" /]\n\n[donation_widget island="priority-alert" colour="red" /]',
    );
    const visitor = await wp.open(path);
    expect(await visitor.page.locator('.donation-widgets-notice').count()).toBe(0);

    const { page } = await wp.open(path, { admin: true });
    const notes = page.locator('.donation-widgets-notice');
    expect(await notes.count()).toBe(2);
    for (const note of await notes.all()) {
      expect(await note.locator('.donation-widgets-notice-audience').innerText()).toBe(AUDIENCE);
    }
    expect(await noteLook(page)).toEqual({
      role: 'note',
      borderLeft: '4px solid',
      borderTop: 'solid',
      padded: true,
    });
  });

  it('keeps content enclosed by a shortcode that takes none visible, with a note for editors alone', async () => {
    // The settings screen's old example, unclosed, then a band that encloses its text: WordPress reads
    // everything up to the band's closing tag as the search's content.
    const path = await pageWith(
      wp.php,
      'enclosed-by-mistake',
      '[donation_widget island="donors-search"]\n\n[donation_widget island="lazy-background"]<p>Our trucks run on Saturdays too.</p>[/donation_widget]',
    );
    const visitor = await wp.open(path);
    await visitor.page.getByLabel('Zip code').waitFor();
    expect(await visitor.page.getByText('Our trucks run on Saturdays too.').isVisible()).toBe(true);
    expect(
      await visitor.page
        .locator('[data-island="donors-search"]')
        .getByText('Our trucks run on Saturdays too.')
        .count(),
    ).toBe(0);
    expect(await visitor.page.locator('.donation-widgets-notice').count()).toBe(0);
    expect(await visitor.page.content()).not.toContain('takes no enclosed content');

    const { page } = await wp.open(path, { admin: true });
    expect(await page.locator('.donation-widgets-notice-message').innerText()).toBe(
      'donation_widget: the island "donors-search" takes no enclosed content. The content below was inside its shortcode; close the shortcode with /] and move the content out of it.',
    );
    expect(await page.getByText('Our trucks run on Saturdays too.').isVisible()).toBe(true);
    expect(await noteLook(page)).toMatchObject({ borderLeft: '4px solid' });
  });
});
