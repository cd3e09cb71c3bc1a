/**
 * Settings → Donation widgets → Zip boundaries: the tool that makes the boundary files in the admin's
 * browser. A classic script WordPress enqueues on that screen alone (its dependencies in
 * dist/admin/boundaries.asset.php); no visitor's page loads it.
 */
import { startBoundaryTool } from './boundaries-form.ts';
import { parseToolConfig } from './tool-config.ts';

const form = document.getElementById('donation-widgets-boundaries');
const config = document.getElementById('donation-widgets-boundaries-config');
if (form instanceof HTMLFormElement && config) {
  try {
    startBoundaryTool(form, parseToolConfig(config.textContent ?? ''));
  } catch (error) {
    // The form stays disabled; the admin sees why.
    const result = document.getElementById('donation-widgets-boundaries-result');
    if (result) result.textContent = String((error as Error).message);
    console.error('Zip boundaries:', error);
  }
}
