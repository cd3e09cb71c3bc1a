/**
 * Decides when an island's code is downloaded and mounted on `host`: it calls `start` once, now or
 * later, and gives up quietly when `signal` aborts (the host has left the page). One file per
 * strategy in this folder, named as in the manifest (widgets/islands.js).
 */
export type Strategy = (host: Element, signal: AbortSignal, start: () => void) => void;
