/**
 * Decides when an island's code is downloaded and mounted on `host`: it calls `start` once, now or
 * later, and gives up quietly when `signal` aborts (the host has left the page). One file per
 * strategy in this folder, named as in the manifest (widgets/islands.js).
 *
 * A strategy that acts for the island before its code arrives (`intent` holds a submitted form) returns
 * a hand-over: the runtime calls it just before `mount`, the strategy stops acting, and what it held
 * reaches the island as `ctx.heldSubmit`.
 */
export type Strategy = (host: Element, signal: AbortSignal, start: () => void) => HandOver | undefined;

/**
 * Stops a strategy's stand-in work and gives the island what it held: the last form data submitted.
 * Called with `failed` when the island's code could not be loaded even on its retry, so that the
 * strategy tells the visitor instead of leaving its stand-in work showing.
 */
export type HandOver = (failed?: boolean) => FormData | undefined;
