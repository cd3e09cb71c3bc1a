/**
 * The five islands that need no UI library, built as one chunk. Pages of this site carry most of them
 * at once (analytics, forms and lazy sections are on nearly every page), and five small files cost
 * more than one: each pays its own request and compresses without the others' words. A page with
 * only one of them downloads all five, about 3 KB gzip, once for the whole site (see bench/RESULTS.md).
 */
export { mount as 'conversion-tracker' } from '../widgets/conversion-tracker/index.ts';
export { mount as 'lazy-background' } from '../widgets/lazy-background/index.ts';
export { mount as 'priority-alert' } from '../widgets/priority-alert/index.ts';
export { mount as 'screening-questions' } from '../widgets/screening-questions/index.ts';
export { mount as 'submit-lock' } from '../widgets/submit-lock/index.ts';
