/**
 * The slice of WordPress's script globals the admin app uses. At runtime these modules are
 * `window.wp.element`, `wp.components`, `wp.apiFetch` and `wp.i18n` (scripts/build-admin.mjs maps
 * the imports); WordPress 6.1 ships React 17 as `wp.element`.
 */

declare module '@wordpress/element' {
  import type { ReactElement, ReactNode } from 'react';

  export { Fragment, createElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
  /** React 17's render; WordPress 6.1 has no createRoot. */
  export function render(element: ReactElement, container: Element): void;
  /** React 18's root API, present from WordPress 6.2. */
  export const createRoot: ((container: Element) => { render(element: ReactNode): void }) | undefined;
  export function createInterpolateElement(text: string, map: Record<string, ReactElement>): ReactElement;
}

declare module '@wordpress/components' {
  import type { ComponentType, FormEvent, ReactNode } from 'react';

  export interface Tab {
    name: string;
    title: string;
    className?: string;
  }
  export const TabPanel: ComponentType<{
    tabs: Tab[];
    children: (tab: Tab) => ReactNode;
    initialTabName?: string;
    onSelect?: (name: string) => void;
    className?: string;
  }>;
  export const Notice: ComponentType<{
    status?: 'success' | 'error' | 'warning' | 'info';
    isDismissible?: boolean;
    className?: string;
    children?: ReactNode;
  }>;
  export const TextControl: ComponentType<{
    label: ReactNode;
    value: string;
    onChange: (value: string) => void;
    help?: ReactNode;
    disabled?: boolean;
    className?: string;
    autoComplete?: string;
    spellCheck?: boolean;
  }>;
  export const Button: ComponentType<{
    variant?: 'primary' | 'secondary' | 'tertiary' | 'link';
    type?: 'button' | 'submit';
    isBusy?: boolean;
    disabled?: boolean;
    onClick?: () => void;
    children?: ReactNode;
  }>;
  export const Spinner: ComponentType<Record<string, never>>;
  export const Card: ComponentType<{ className?: string; children?: ReactNode }>;
  export const CardBody: ComponentType<{ children?: ReactNode }>;
  export type SubmitHandler = (event: FormEvent<HTMLFormElement>) => void;
}

declare module '@wordpress/api-fetch' {
  export interface APIFetchOptions {
    path?: string;
    url?: string;
    method?: string;
    data?: unknown;
    /** false: resolve with the raw Response (and reject with it on an HTTP error). */
    parse?: boolean;
  }
  function apiFetch<T = unknown>(options: APIFetchOptions & { parse?: true }): Promise<T>;
  function apiFetch(options: APIFetchOptions & { parse: false }): Promise<Response>;
  export default apiFetch;
}

declare module '@wordpress/i18n' {
  export function __(text: string, domain: string): string;
  export function _n(single: string, plural: string, count: number, domain: string): string;
  export function sprintf(format: string, ...args: Array<string | number>): string;
}
