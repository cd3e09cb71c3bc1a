// What the shared cases use of jsdom (normalised.js, the demo's runner), which ships no types of its own.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
