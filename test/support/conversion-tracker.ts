/** What the conversion tracker's jsdom suites share. */
import { onTestFinished, vi } from 'vitest';
import type { Json } from '../../src/shared/config-readers.ts';
import { mount } from '../../widgets/conversion-tracker/index.ts';
import { createTestContext } from '../island-context.ts';

/**
 * Mounts the tracker on `url` with `config` and waits for what it downloads there (the analytics
 * validator and the consent gate, on a page that needs them); aborted when the test ends.
 */
export async function visit(url: string, config: Json = {}) {
  history.replaceState(null, '', url);
  const ctx = createTestContext('conversion-tracker', config);
  onTestFinished(() => ctx.abort());
  mount(document.documentElement, ctx);
  await vi.dynamicImportSettled();
  return ctx;
}
