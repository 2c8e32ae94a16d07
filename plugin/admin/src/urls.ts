/**
 * Absolute URLs under the REST root the page was given (`get_rest_url()`), which is
 * `https://example.com/wp-json/` with pretty permalinks and `https://example.com/?rest_route=/`
 * without: in both, the root minus its trailing slash followed by a route path is the route's URL.
 */
import type { ApiFile } from './api.js';

export function restUrl(restRoot: string, path: string): string {
  return restRoot.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** The base every route file's URL starts with under a namespace: `…/wp-json/shop/v2/`. */
export function namespaceBase(restRoot: string, namespace: string): string {
  return restUrl(restRoot, `/${namespace}/`);
}

/**
 * A route gets a link when a browser can open it as is: it loaded, answers GET, and its path has no
 * `[param]` placeholder to fill in.
 */
export function isLinkable(file: ApiFile): boolean {
  return file.error === undefined && file.route !== null && file.methods.includes('GET') && !file.path.includes('[');
}
