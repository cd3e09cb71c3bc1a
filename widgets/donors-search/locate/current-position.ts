/**
 * Why "use my location" found no zip code: the visitor refused to share the position (or the site may
 * not ask for it), the browser found none, it took too long, no zip code is near it, or the zip codes
 * could not be downloaded.
 */
export type LocateReason = 'denied' | 'unavailable' | 'timeout' | 'no-zip' | 'not-loaded';

/** A locate that ended without a zip code for a reason the visitor is told (see use-locate.ts). */
export class LocateFailure extends Error {
  override name = 'LocateFailure';
  constructor(readonly reason: LocateReason) {
    super(`no zip code: ${reason}`);
  }
}

/** A position on the earth, in degrees. */
export interface Position {
  lat: number;
  lng: number;
}

const REASONS: Readonly<Record<number, LocateReason>> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * How long a press waits for the browser's answer in all. The browser's own timeout (`timeout` below)
 * starts only once the visitor has allowed the position; a prompt nobody answers (Firefox leaves one
 * waiting when the visitor clicks elsewhere) would otherwise keep the button busy for good.
 */
export const POSITION_WAIT_MS = 45_000;

/**
 * The visitor's position, asked of the browser now (which may ask the visitor first). A coarse one is
 * enough for a zip code and spares a phone's GPS; one the browser found in the last five minutes will do.
 * Rejects with a LocateFailure, or with `signal`'s reason when the press is given up.
 */
export function currentPosition(
  geolocation: Geolocation,
  signal: AbortSignal,
  waitMs = POSITION_WAIT_MS,
): Promise<Position> {
  return new Promise<Position>((resolve, reject) => {
    const end = (outcome: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      outcome();
    };
    const abort = () => end(() => reject(signal.reason));
    const timer = setTimeout(() => end(() => reject(new LocateFailure('timeout'))), waitMs);
    signal.addEventListener('abort', abort, { once: true });
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => {
          const { latitude: lat, longitude: lng } = coords;
          const known = Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
          end(() => (known ? resolve({ lat, lng }) : reject(new LocateFailure('unavailable'))));
        },
        (error) => end(() => reject(new LocateFailure(REASONS[error.code] ?? 'unavailable'))),
        { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 20_000 },
      );
    } catch {
      // A browser that refuses to ask at all (a sandboxed frame) throws rather than answers.
      end(() => reject(new LocateFailure('unavailable')));
    }
  });
}
