/** Name of the event dispatched for every island failure. Call `preventDefault()` to silence the console. */
export const ERROR_EVENT = 'donation-widgets:error';

export interface IslandErrorDetail {
  island: string;
  error: unknown;
}

/**
 * Reports one island's failure without letting it reach the other islands: a cancelable, bubbling
 * `donation-widgets:error` event from the island's host (so a site can forward it to its error
 * tracker), or from its document once the host has left it, then, unless cancelled, one console error
 * prefixed with the island's name.
 */
export function reportIslandError(island: string, error: unknown, host: Element): void {
  const target = host.isConnected ? host : host.ownerDocument;
  const event = new CustomEvent<IslandErrorDetail>(ERROR_EVENT, {
    bubbles: true,
    cancelable: true,
    detail: { island, error },
  });
  if (target.dispatchEvent(event)) console.error(`[donation-widgets] ${island}:`, error);
}
