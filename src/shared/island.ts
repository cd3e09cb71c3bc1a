import type { SectionParser } from './config-readers.ts';

/** Undoes everything a mount did: listeners, observers, React roots, timers. Safe to call twice. */
export type Dispose = () => void;

/** What the runtime hands every island when it mounts one. */
export interface IslandContext {
  /** The island's name in the manifest (widgets/islands.js), the prefix of every error it reports. */
  readonly name: string;
  /**
   * The island's keys of the page config, validated by `parse` once for the whole page: every island
   * that asks with the same parser gets the same object, and each bad value is logged once.
   */
  section<T>(parse: SectionParser<T>): T;
  /** Aborted when the island is disposed, so listeners added with `{ signal }` clean themselves up. */
  readonly signal: AbortSignal;
  /**
   * Reports a failure that happened after mount (in an event handler or a promise) the same way the
   * runtime reports a throwing mount: one prefixed console error and a cancelable event.
   */
  report(error: unknown): void;
  /**
   * The form data of the last submit the loader held for the island before its code arrived (the
   * `intent` strategy, docs/how-it-works.md#loading-strategies): the island acts on it as if the visitor
   * had just submitted. Absent when nothing was submitted.
   */
  readonly heldSubmit?: FormData;
}

/** The one export every island module provides. */
export type MountIsland = (host: Element, ctx: IslandContext) => Dispose;
