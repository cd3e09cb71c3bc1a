/**
 * Setup for the `preact` and `preact-browser` projects (vitest.config.ts): fails the run at once if `react` still resolves to React,
 * so a green preact run can never be React passing under another name. preact/compat reports itself
 * as React 18 (the project installs React 19).
 */
import { version } from 'react';

if (!version.startsWith('18.')) {
  throw new Error(
    `the preact flavour expected 'react' to be preact/compat (version 18.x), got React ${version}`,
  );
}
