import type { Strategy } from './strategy.ts';

/** Loads and mounts an island as soon as its host is found: what every island did before strategies. */
export const load: Strategy = (_host, _signal, start) => {
  start();
};
