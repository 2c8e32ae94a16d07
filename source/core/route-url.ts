/**
 * The address of a route a person can paste into curl or a browser: under the site's REST root,
 * pretty (`/wp-json/…`) or plain (`?rest_route=…`), with an example value in each dynamic segment
 * (`users/[id]` → `users/1`), since `[id]` itself is no value. Pure.
 */

/** An example for `[param]`: `1` matches every segment type (string or integer). */
const EXAMPLE_VALUE = '1';

export function examplePath(path: string): string {
	return path.replace(/\[[A-Za-z_][A-Za-z0-9_]*\]/g, EXAMPLE_VALUE);
}

/** `root` is the REST root (`https://example.com/wp-json/` or `https://example.com/?rest_route=/`). */
export function routeUrl(root: string, path: string): string {
	const url = new URL(root);
	const callable = examplePath(path);
	if (url.searchParams.has('rest_route')) {
		url.searchParams.set('rest_route', callable);
		return url.toString();
	}
	return `${url.toString().replace(/\/+$/, '')}${callable}`;
}
