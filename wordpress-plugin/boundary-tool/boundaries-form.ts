/**
 * The Zip boundaries section's form (printed by includes/boundaries/boundaries-screen.php), brought to life: the
 * admin picks the file and, if they like, the zips; a run then makes and publishes the files while the
 * section names each step, counts what the site has taken and offers Cancel. The outcome is said where
 * a screen reader hears it, and the section's description of what the site serves is replaced by the
 * site's own once a set is published. Leaving the page during a run asks first.
 */
import { __, sprintf } from '@wordpress/i18n';
import { BuildFailure, makeAndPublish, type Stage } from './boundaries-run.ts';
import { SiteError, siteClient } from './site-client.ts';
import type { ToolConfig } from './tool-config.ts';

const ID = 'donation-widgets-boundaries';

const byId = <T extends HTMLElement>(suffix: string) => {
  const element = document.getElementById(`${ID}-${suffix}`);
  if (!element) throw new Error(`the Zip boundaries section lacks #${ID}-${suffix}`);
  return element as T;
};

const STEPS: Record<Stage, number> = { read: 1, simplify: 2, write: 3, publish: 4 };

function stageText(stage: Stage, file: string): string {
  const texts: Record<Stage, string> = {
    /* translators: %s: the file's name. */
    read: sprintf(__('reading %s', 'donation-widgets'), file),
    simplify: __('simplifying the outlines', 'donation-widgets'),
    write: __('writing the files and sending them to the site', 'donation-widgets'),
    publish: __('publishing the files', 'donation-widgets'),
  };
  /* translators: 1: the step's number, 2: how many steps, 3: what the step does. */
  return sprintf(__('Step %1$d of %2$d: %3$s…', 'donation-widgets'), STEPS[stage], 4, texts[stage]);
}

/** Why a run did not publish, in words. */
function failureText(error: unknown): string {
  if (error instanceof BuildFailure)
    return error.input
      ? error.message
      : /* translators: %s: the browser's error. */
        sprintf(__('Your browser could not make the files: %s', 'donation-widgets'), error.message);
  if (error instanceof SiteError) {
    if (error.code === 'rest_cookie_invalid_nonce')
      return __('The page has been open too long: reload it and make the files again.', 'donation-widgets');
    /* translators: %s: what the site answered, naming the file it refused. */
    return sprintf(__('The site did not take the files: %s', 'donation-widgets'), error.message);
  }
  return String((error as Error)?.message ?? error);
}

export function startBoundaryTool(form: HTMLFormElement, config: ToolConfig): void {
  const fieldset = form.querySelector('fieldset') as HTMLFieldSetElement;
  const fileInput = byId<HTMLInputElement>('file');
  const onlyInput = byId<HTMLInputElement>('only');
  const progress = byId<HTMLElement>('progress');
  const stage = byId<HTMLElement>('stage');
  const bar = byId<HTMLProgressElement>('bar');
  const count = byId<HTMLElement>('count');
  const cancel = byId<HTMLButtonElement>('cancel');
  const result = byId<HTMLElement>('result');
  const status = byId<HTMLElement>('status');
  const client = siteClient(config);
  let controller: AbortController | undefined;

  const say = (text: string, problem: boolean) => {
    result.textContent = '';
    result.setAttribute('role', problem ? 'alert' : 'status');
    result.className = `notice inline ${problem ? 'notice-error' : 'notice-success'}`;
    const paragraph = document.createElement('p');
    paragraph.textContent = text;
    result.append(paragraph);
  };
  const guard = (event: BeforeUnloadEvent) => event.preventDefault();

  cancel.addEventListener('click', () => controller?.abort());
  fileInput.addEventListener('change', () => fileInput.removeAttribute('aria-invalid'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (controller) return;
    const files = [...(fileInput.files ?? [])];
    if (files.length === 0) {
      fileInput.setAttribute('aria-invalid', 'true');
      say(__('Choose the file you downloaded first.', 'donation-widgets'), true);
      fileInput.focus();
      return;
    }
    controller = new AbortController();
    fieldset.disabled = true;
    progress.hidden = false;
    result.textContent = '';
    result.removeAttribute('class');
    bar.removeAttribute('value');
    count.textContent = '';
    window.addEventListener('beforeunload', guard);
    // The button pressed is disabled now: the keyboard goes on to what can stop the run.
    cancel.focus();
    let lastDraw = 0;
    try {
      const answer = await makeAndPublish({
        files,
        only: onlyInput.value,
        onlyLabel: __('Only these zips', 'donation-widgets'),
        client,
        limits: config.limits,
        startWorker: () => new Worker(config.worker),
        signal: controller.signal,
        stage(next) {
          stage.textContent = stageText(next, files[0]?.name ?? '');
          if (next !== 'write') bar.removeAttribute('value');
        },
        progress(sent, total) {
          const now = performance.now();
          if (total === 0 || (now - lastDraw < 250 && sent < total)) return;
          lastDraw = now;
          bar.max = total;
          bar.value = sent;
          count.textContent = sprintf(
            /* translators: 1: zips whose files the site has, 2: zips being made. */
            __('%1$s of %2$s zips', 'donation-widgets'),
            sent.toLocaleString(),
            total.toLocaleString(),
          );
        },
      });
      status.replaceChildren(
        ...answer.status.map((line) => {
          const paragraph = document.createElement('p');
          paragraph.textContent = line;
          return paragraph;
        }),
      );
      say(answer.status[0] ?? __('The files are published.', 'donation-widgets'), false);
    } catch (error) {
      if (controller.signal.aborted)
        say(__('Cancelled: the site still serves the files it served before.', 'donation-widgets'), false);
      else say(failureText(error), true);
    } finally {
      window.removeEventListener('beforeunload', guard);
      controller = undefined;
      progress.hidden = true;
      fieldset.disabled = false;
      result.focus();
    }
  });
  fieldset.disabled = false;
}
