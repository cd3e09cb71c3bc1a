import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { IslandContext } from '../../../src/shared/island.ts';
import { readRequestTimeout } from '../../../src/shared/request-timeout.ts';
import { fieldOf } from '../form/search-form.ts';
import { formatError } from '../search/failure-rules.ts';
import type { SearchTexts } from '../search-words.ts';
import type { LocateReason } from './current-position.ts';
import { addLocateButton } from './locate-button.ts';

/** What the status area says about a press of "use my location": that it works, or why it found nothing. */
export interface LocateNote {
  status: 'working' | 'error';
  line: string;
}

const MESSAGES = {
  denied: 'locationDenied',
  unavailable: 'locationUnavailable',
  timeout: 'locationTooSlow',
  'no-zip': 'noZipNear',
  'not-loaded': 'zipsNotLoaded',
} as const satisfies Record<LocateReason, keyof SearchTexts>;

/** Whether the browser can tell a page the visitor's position: in a secure context only (https, localhost). */
export const canLocate = (win: Window): boolean => win.isSecureContext && 'geolocation' in win.navigator;

/**
 * "Use my location" (docs/how-it-works.md#use-my-location): where `enabled` and the browser can tell a
 * position, a button at the end of the form's zip code field. A press asks the browser for the
 * position (never before), finds the nearest zip code in the browser (locate-zip.ts, a chunk of its own
 * downloaded on the press), puts it in the zip code field and submits the form, so the search and the
 * page's address go as for any search. Meanwhile the button is `aria-disabled` (it keeps the focus)
 * and the status area says so; a press that finds no zip code (refused, no position, too slow, no zip
 * code near, the files not downloaded) ends with a line in the status area, no search, and the button
 * usable again. A search that starts otherwise (typed, Back, Forward) ends a press under way and hides
 * its line, as does the next search. Returns the line to show while it belongs to the current search
 * (`requestId`).
 */
export function useLocate(
  ctx: IslandContext,
  form: HTMLFormElement,
  enabled: boolean,
  texts: SearchTexts,
  requestId: number,
): LocateNote | undefined {
  const [note, setNote] = useState<(LocateNote & { requestId: number }) | undefined>(undefined);
  const latest = useRef(requestId);
  latest.current = requestId;
  const cancel = useRef<() => void>(() => {});

  useLayoutEffect(() => {
    const win = form.ownerDocument.defaultView;
    if (!enabled || !win || !canLocate(win)) return;
    const added = addLocateButton(form, texts.locate);
    if (!added) return;
    const { button } = added;
    let pressed: AbortController | undefined;
    const release = () => {
      pressed = undefined;
      button.removeAttribute('aria-disabled');
    };
    cancel.current = () => {
      pressed?.abort();
      release();
    };
    const press = async () => {
      if (pressed) return;
      const controller = new AbortController();
      pressed = controller;
      const pressedIn = latest.current;
      button.setAttribute('aria-disabled', 'true');
      setNote({ status: 'working', line: texts.locating, requestId: pressedIn });
      const fail = (reason: LocateReason) => {
        release();
        const line = formatError(texts[MESSAGES[reason]], texts.enterZip, texts.errorLine);
        setNote({ status: 'error', line, requestId: pressedIn });
      };
      let lookup: typeof import('./locate-zip.ts');
      try {
        lookup = await import('./locate-zip.ts');
      } catch {
        // Its code did not arrive: the visitor's connection, as a file that did not would be.
        return controller.signal.aborted ? undefined : fail('not-loaded');
      }
      let outcome: Awaited<ReturnType<typeof lookup.locateZip>>;
      try {
        const timeoutMs = ctx.section(readRequestTimeout);
        outcome = await lookup.locateZip(win.navigator.geolocation, { signal: controller.signal, timeoutMs });
      } catch (error) {
        if (controller.signal.aborted) return;
        // A file the site lacks, or a bug: worth a console error besides the visitor's line.
        ctx.report(error);
        return fail('not-loaded');
      }
      if (controller.signal.aborted) return;
      if ('reason' in outcome) return fail(outcome.reason);
      release();
      setNote(undefined);
      const zipcode = fieldOf(form, 'zipcode');
      if (zipcode) zipcode.value = outcome.zip;
      form.requestSubmit(form.querySelector<HTMLButtonElement>('button[type="submit"]'));
    };
    button.addEventListener('click', press);
    return () => {
      cancel.current();
      cancel.current = () => {};
      added.remove();
    };
  }, [ctx, form, enabled, texts]);

  const seen = useRef(requestId);
  useEffect(() => {
    if (seen.current === requestId) return;
    seen.current = requestId;
    cancel.current();
  }, [requestId]);

  return note?.requestId === requestId ? note : undefined;
}
