/**
 * A route named on the command line the ways people name it: the slug (`users/[id]`), the file
 * (`hello.php`, `api/hello.php`, `./api/hello.php`) or the live route (`/svc-api/v1/hello`, as
 * `svc api list` shows it). All mean the slug; rm and diff take them alike. Pure.
 */

/** `/<name>/v<N>/`: a route namespace at the start of a live route path. */
const NAMESPACE_PREFIX = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\/v[0-9]+\//;

/** The slug `arg` names; `apiLabel` is the route folder as the user knows it (e.g. `api`). */
export function slugFromArgument(arg: string, apiLabel: string): string {
	let name = arg.trim().replace(/^(\.\/)+/, '');
	const folder = `${apiLabel.replace(/\/+$/, '')}/`;
	if (folder !== './' && name.startsWith(folder)) {
		name = name.slice(folder.length);
	} else if (NAMESPACE_PREFIX.test(name)) {
		name = name.replace(NAMESPACE_PREFIX, '');
	}
	return name.endsWith('.php') ? name.slice(0, -'.php'.length) : name;
}
