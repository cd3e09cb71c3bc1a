/** What an admin does in the block editor (WordPress 6.3+ with its iframed canvas), through the real screens. */
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import type { OpenOptions, OpenPage } from './wordpress-suite.ts';

/**
 * Turns off the editor's first-visit dialogs (welcome guides, the start-page pattern chooser) in the
 * admin's stored preferences, as an admin who closed them once would have them.
 */
export const QUIET_EDITOR_PHP = `
  global $wpdb;
  update_user_meta( 1, $wpdb->get_blog_prefix() . 'persisted_preferences', array(
    'core/edit-post' => array( 'welcomeGuide' => false, 'welcomeGuideTemplate' => false ),
    'core/edit-site' => array( 'welcomeGuide' => false, 'welcomeGuideStyles' => false, 'welcomeGuidePage' => false, 'welcomeGuideTemplate' => false ),
    'core' => array( 'enableChoosePatternModal' => false ),
    '_modified' => gmdate( 'c' ),
  ) );
`;

/** Waits until the editor has loaded: wp.blocks lists core's blocks and ours. */
export async function editorReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const wp = (
        window as {
          wp?: {
            blocks?: { getBlockTypes(): { name: string }[] };
            data?: { select(store: string): { __unstableIsEditorReady?: () => boolean } | undefined };
          };
        }
      ).wp;
      const names = wp?.blocks?.getBlockTypes().map((type) => type.name) ?? [];
      // The editor has set its post up: a block inserted before then is swept away by that setup,
      // which a loaded machine made likely (editors without the selector are ready once it loads).
      const ready = wp?.data?.select('core/editor')?.__unstableIsEditorReady?.() ?? true;
      return ready && names.includes('core/paragraph') && names.includes('donation-widgets/donors-search');
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** The editor's canvas, in its iframe. */
export const canvas = (page: Page): FrameLocator => page.frameLocator('iframe[name="editor-canvas"]');

/** Opens the inserter, types `search` and clicks the block titled `title`. */
export async function insertBlock(page: Page, search: string, title: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Block Inserter', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('searchbox', { name: /Search/ }).fill(search);
  await page
    .getByRole('listbox', { name: 'Blocks' })
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .click();
}

/** The block titles the inserter lists for `search`. */
export async function inserterResults(page: Page, search: string): Promise<string[]> {
  const toggle = page.getByRole('button', { name: 'Block Inserter', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('searchbox', { name: /Search/ }).fill(search);
  const list = page.getByRole('listbox', { name: 'Blocks' });
  await list.waitFor();
  return list.getByRole('option').allInnerTexts();
}

/** Publishes the post through the Publish button and its confirmation, and returns its permalink. */
export async function publish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('region', { name: 'Editor publish' })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  await page
    .getByText(/is now live/)
    .first()
    .waitFor();
  return page.evaluate(() =>
    (window as unknown as { wp: { data: { select(store: string): { getPermalink(): string } } } }).wp.data
      .select('core/editor')
      .getPermalink(),
  );
}

/**
 * Saves the template open in the Site Editor: with only that template changed, Save saves it at once
 * and says so.
 */
export async function saveTemplate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await page.getByText('Template updated.').first().waitFor();
}

/**
 * For a suite in the editor: quiets the editor once, tells whether the release's editor is the one these
 * suites drive (6.3 and newer, its canvas in an iframe; older ones skip), and opens a new page in it.
 */
export function useBlockEditor(wp: {
  php(code: string): Promise<string>;
  open(path: string, options?: OpenOptions): Promise<OpenPage>;
}) {
  let iframed = false;
  beforeAll(async () => {
    const version = await wp.php(`${QUIET_EDITOR_PHP} echo get_bloginfo( 'version' );`);
    const [major = 0, minor = 0] = version.split('.').map(Number);
    iframed = major > 6 || (major === 6 && minor >= 3);
  });
  return {
    get iframed() {
      return iframed;
    },
    async newPage() {
      const opened = await wp.open('/wp-admin/post-new.php?post_type=page', { admin: true });
      await editorReady(opened.page);
      return opened;
    },
  };
}
