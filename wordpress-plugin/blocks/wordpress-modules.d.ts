// The few parts of WordPress's editor packages the blocks' editor script uses, typed here rather than
// through the @wordpress/* packages, which would bring their whole dependency trees for a handful of
// signatures. At run time each module is WordPress's own global (wp.blocks, wp.blockEditor, …): see
// build.mjs, "editor script".

declare module '@wordpress/element' {
  export { createElement, Fragment, useEffect, useMemo, useState } from 'react';
}

declare module '@wordpress/i18n' {
  export function __(text: string, domain?: string): string;
  export function _x(text: string, context: string, domain?: string): string;
  export function sprintf(format: string, ...args: (string | number)[]): string;
}

declare module '@wordpress/blocks' {
  import type { ComponentType } from 'react';
  export interface BlockEditProps<A> {
    attributes: A;
    setAttributes(attributes: Partial<A>): void;
    clientId: string;
    isSelected: boolean;
  }
  /** Adds `edit`/`save` (and `transforms`) to a block type the server registered from its block.json. */
  export function registerBlockType<A>(
    name: string,
    settings: { edit: ComponentType<BlockEditProps<A>>; save: ComponentType; transforms?: object },
  ): unknown;
  export interface Block {
    name: string;
    attributes: Record<string, unknown>;
  }
  export function createBlock(
    name: string,
    attributes?: Record<string, unknown>,
    innerBlocks?: Block[],
  ): Block;
  /** Blocks from HTML, as a paste makes them. */
  export function rawHandler(options: { HTML: string }): Block[];
}

declare module '@wordpress/shortcode' {
  /** The next `[tag …]` in `text` from `index`: where it starts, its whole text and its parts. */
  export function next(
    tag: string,
    text: string,
    index?: number,
  ):
    | {
        index: number;
        content: string;
        shortcode: { attrs: { named: Record<string, string | undefined> }; content?: string };
      }
    | undefined;
}

declare module '@wordpress/block-editor' {
  import type { ComponentType, ReactNode } from 'react';

  type Props = Record<string, unknown>;
  export function useBlockProps(props?: Props): Props;
  export function useInnerBlocksProps(props: Props, options?: { template?: [string, Props][] }): Props;
  export const InspectorControls: ComponentType<{ children?: ReactNode }>;
  export const InnerBlocks: ComponentType<Props> & { Content: ComponentType };
  export interface Media {
    id: number;
    url: string;
    alt?: string;
  }
  export const MediaUpload: ComponentType<{
    onSelect(media: Media): void;
    allowedTypes?: string[];
    value?: number;
    render(props: { open(): void }): ReactNode;
  }>;
  export const MediaUploadCheck: ComponentType<{ children?: ReactNode; fallback?: ReactNode }>;
}

declare module '@wordpress/components' {
  import type { ComponentType, ReactNode } from 'react';
  export const PanelBody: ComponentType<{ title?: string; initialOpen?: boolean; children?: ReactNode }>;
  export const TextControl: ComponentType<{
    label: string;
    'aria-invalid'?: boolean;
    help?: ReactNode;
    value: string;
    placeholder?: string;
    onChange(value: string): void;
    __nextHasNoMarginBottom?: boolean;
    __next40pxDefaultSize?: boolean;
  }>;
  export const SelectControl: ComponentType<{
    label: string;
    help?: ReactNode;
    value: string;
    options: { label: string; value: string }[];
    onChange(value: string): void;
    __nextHasNoMarginBottom?: boolean;
    __next40pxDefaultSize?: boolean;
  }>;
  export const ToggleControl: ComponentType<{
    label: string;
    help?: ReactNode;
    checked: boolean;
    onChange(checked: boolean): void;
    __nextHasNoMarginBottom?: boolean;
  }>;
  export const Button: ComponentType<{
    variant?: 'primary' | 'secondary' | 'tertiary' | 'link';
    isDestructive?: boolean;
    onClick(): void;
    children?: ReactNode;
  }>;
  export const Disabled: ComponentType<{ children?: ReactNode }>;
}

declare module '@wordpress/server-side-render' {
  import type { ComponentType } from 'react';

  const ServerSideRender: ComponentType<{ block: string; attributes?: Record<string, unknown> }>;
  export default ServerSideRender;
}

declare module '@wordpress/hooks' {
  export function addFilter(
    hook: string,
    namespace: string,
    callback: (value: never, ...args: never[]) => unknown,
  ): void;
}

/** An island's markup.html, bundled as text (build.mjs, "editor script"). */
declare module '*.html' {
  const text: string;
  export default text;
}
