/**
 * The site URL as svc names it in messages and builds requests on: the address the user gave
 * without user:password, query, fragment or trailing slash. Apart from site-client.ts so that a
 * command knows it without loading the client (lazy-site-client.ts).
 */
export function stripCredentials(input: string): string {
	try {
		const url = new URL(input);
		url.username = '';
		url.password = '';
		url.search = '';
		url.hash = '';
		return url.toString().replace(/\/+$/, '');
	} catch {
		return input.replace(/\/\/[^/@]*@/, '//').replace(/\/+$/, '');
	}
}
