// The automatic JSX runtime on WordPress's own React (wp.element): the editor script's JSX compiles to
// these calls. WordPress ships a `react-jsx-runtime` script only since 6.6; this works on 6.1 too.
import { createElement, Fragment } from '@wordpress/element';
import type { ElementType } from 'react';

/** `jsx`/`jsxs`: the children are already in `props`, where createElement takes them too. */
export function jsx(type: ElementType, props: Record<string, unknown>, key?: string) {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export { Fragment, jsx as jsxs };
