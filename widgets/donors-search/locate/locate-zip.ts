import { currentPosition, LocateFailure, type LocateReason } from './current-position.ts';
import { findZip } from './find-zip.ts';

/** What a press of "use my location" found: the zip code of where the visitor is, or why none. */
export type LocateOutcome = { zip: string } | { reason: LocateReason };

/**
 * The zip code of where the visitor is, found in the browser (a chunk of its own, downloaded on the
 * press): the browser's position (current-position.ts), then the nearest zip code (find-zip.ts). A
 * reason the visitor is told comes back as such; anything else (a file the site lacks, a bug) rejects,
 * as does a press given up (`signal`).
 */
export async function locateZip(
  geolocation: Geolocation,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
): Promise<LocateOutcome> {
  try {
    const zip = await findZip(await currentPosition(geolocation, signal), { signal, timeoutMs });
    return zip ? { zip } : { reason: 'no-zip' };
  } catch (error) {
    if (error instanceof LocateFailure && !signal.aborted) return { reason: error.reason };
    throw error;
  }
}
