/**
 * The help of each topic as a meow template: meow (read-argv.ts) strips the source indentation,
 * indents by two spaces and puts the package description on top. Kept apart from the entry point
 * so that the entry reads as what it does, and the tests can render any topic.
 */
import type { HelpTopic } from './parse-argv.js';

export const HELP: Record<HelpTopic, string> = {
	main: `
	Usage
	  $ svc <command> [options]

	Commands
	  api push          Check and upload the route files in api/ (only what changed)
	  api pull          Mirror the site's route files into api/
	  api list          List the deployed routes; [PUBLIC] ones run for anyone
	  api diff [SLUG…]  Show how api/ differs from the site, as unified diffs
	  api rm <slug>     Remove a deployed route, e.g. svc api rm users/[id]
	  api releases      List the releases the site keeps (each push, rm and rollback is one)
	  api rollback [ID] Make an earlier release active again (default: the one before)
	  api promote <ID>  Make a preview (svc api push --preview) the active release
	  api new <slug>    Create a route file that passes every push-time check
	  api logs          What the site's svc did: load failures, throwing checks, releases
	  dev               Watch api/ and push every save, with the site's events live
	  doctor            Check the site and the project, with a fix for each problem
	  api openapi       Print (or --out FILE) the OpenAPI 3.1 document of the deployed routes
	  api client        Write a typed TypeScript client of the deployed routes (--out DIR)
	  login             Save a site and its application password
	  logout            Forget a saved site and its password
	  link              Remember in svc.json which saved site this project deploys to
	  plugin zip        Write the svc plugin as a zip to upload in wp-admin
	  secrets set NAME  Set a secret route code reads (value from stdin or a masked prompt)
	  secrets list      List the secrets' names and when each was set; never a value
	  secrets rm NAME   Remove a secret

	Options
	  --site NAME       Use this saved site (default: "site" in svc.json, then the default site)
	  --json            Print only JSON on stdout
	  --yes, -y         Confirm without asking; needed for removals when there is no terminal
	  --dry-run         Show what would change, change nothing
	  --help, -h        Help; "svc api --help" for the api commands
	  --version         The svc version

	Environment
	  SVC_URL, SVC_USER, SVC_APP_PASSWORD   All three set: use this site, no login needed (CI)
	  NO_COLOR                              No colours

	Project file
	  svc.json (in the project root): { "url": "https://staging.example.com", "site": "staging",
	  "apiDir": "api" }, every key optional; "svc link" writes it, and a teammate's own login to
	  that url is used whatever they named it

	Exit codes
	  0 done, 1 failed, 2 usage error (no site selected, unknown site or flag) or refused
	  without --yes, 130 interrupted (Ctrl-C)

	Examples
	  $ svc login --url https://example.com --user admin
	  $ svc api push --dry-run
	  $ svc api list --json
	`,
	api: `
	Usage
	  $ svc api push [--prune] [--preview] [--message TEXT] [--dry-run] [--yes] [--site NAME] [--json]
	  $ svc api pull [--dry-run] [--yes] [--site NAME] [--json]
	  $ svc api list [--site NAME] [--json]
	  $ svc api diff [<slug>...] [--site NAME] [--json]
	  $ svc api rm <slug>... [--dry-run] [--yes] [--site NAME] [--json]
	  $ svc api releases [--site NAME] [--json]
	  $ svc api rollback [<id>] [--message TEXT] [--dry-run] [--yes] [--site NAME] [--json]
	  $ svc api promote <id> [--force] [--message TEXT] [--dry-run] [--yes] [--site NAME] [--json]
	  $ svc api new <slug> [--verbs get,post] [--public | --capability CAP] [--json]
	                       [--cache S] [--rate-limit N/S] [--schedule WHEN]
	  $ svc api logs [--follow] [--since 1h] [--route R] [--level L] [--site NAME] [--json]
	  $ svc api openapi [--out FILE] [--site NAME] [--json]
	  $ svc api client [--out DIR] [--site NAME] [--json]

	api push
	  Checks every file in api/ (path segments kebab-case or [param], declare(strict_types=1);
	  exactly once, exactly one class, at most 512 KB), shows the plan (new, changed, unchanged,
	  removed), asks in a terminal, then uploads the new and changed files in requests under the
	  site's size limit (1 MB) and makes them one release: the site activates all of them or none.
	  Nothing changed: nothing is sent. The plan shows +N −M lines per changed file and [PUBLIC]
	  on each route anyone may call, with a warning, before the question; a push that opens a route
	  asks with No as the default, and d shows the diff. A pushed file the site cannot load is
	  named with its reason, and the push exits 1.
	  --prune           Also remove deployed routes that are not in api/ (needs --yes without a terminal)
	  --dry-run         Show the plan and let the site check the files; change nothing (the new
	                    files are uploaded to be checked, not made active)
	  --preview         Make the release a preview: checked and kept like a push, not made
	                    active; served only to requests with the header X-Svc-Preview: <token>
	                    (the token is printed once), until it expires (7 days by default)
	  --message, -m     A note kept with the release (500 characters at most), shown by releases,
	                    logs and the admin page

	api pull
	  Makes api/ a copy of the site: creates and overwrites files, and deletes local route files
	  the site does not have (needs --yes without a terminal). Files over the site's size limit
	  are not pulled.

	api list
	  In a terminal: a browsable table that fits the window (arrow keys, type to filter, Enter for
	  a route's details, Esc or q to leave).
	  Piped: a plain table. --json: an array of records; public routes have "public": true and
	  files that failed to load their "error".

	api diff [<slug>...]
	  Unified diffs of the route files, the site's (---) against api/'s (+++): every file that
	  differs, or the ones named (slug, file, route or URL: users/[id], users/{id}, api/hello.php,
	  /svc-api/v1/users/{id}).
	  Coloured in a terminal, plain when piped (patch -p1 applies it); --json gives each file's
	  status, line counts and hunks. Changes nothing.

	api rm <slug>
	  Removes a deployed route, named by its slug (the file path under api/ without ".php"), its
	  file, its route or its URL, as for diff.
	  Asks in a terminal; needs --yes otherwise.

	api releases
	  The releases the site keeps (10 by default), newest first: id, time, user, kind (push,
	  prune, rm, rollback, import, preview, promote), files added/changed/removed, and the
	  message; the active one is marked, a preview says until when it is served.

	api rollback [<id>]
	  Makes release <id> (default: the one before the active one) active again as a new release.
	  Shows what would change, then asks in a terminal; needs --yes otherwise.
	  --dry-run         Show the plan and let the site check it; change nothing
	  --message, -m     A note kept with the release

	api promote <id>
	  Makes preview <id> active as a new release (kind promote), with every check of a push.
	  Shows what would change, then asks in a terminal; needs --yes otherwise. Refused when
	  another release became active since the preview was made (promoting it would undo that).
	  --force           Promote it anyway
	  --dry-run         Show the plan and let the site check it; change nothing
	  --message, -m     A note kept with the release

	api new <slug>
	  Writes api/<slug>.php: one class named after the slug (free among the project's and the
	  site's route files), a method per verb, [param] segments read from the request. Never
	  overwrites a file.
	  --verbs LIST      Verbs to implement (default get): get, post, put, patch, delete
	  --public          Anyone may call the route, without logging in
	  --capability CAP  Logged-in users holding CAP may call it (default: administrators only)
	  --cache S         GET answers carry Cache-Control max-age S seconds and an ETag
	  --rate-limit N/S  Each client may call it N times per S seconds, then gets 429
	  --schedule WHEN   Adds run(), which WP-Cron calls: hourly, twicedaily, daily, weekly or
	                    every:SECONDS (at least 60)

	api logs
	  The events the site's svc plugin recorded (the last 1,000), oldest first: files that failed
	  to load and loaded again, verbs, permission checks and headers() that threw (file and line),
	  fatal errors, and every release (who, how many files).
	  --since 1h        Only events this recent (s, m, h, d)
	  --route R         Only this route's: its slug, file, route or URL (users/[id], users/{id},
	                    api/users/[id].php, /svc-api/v1/users/{id}, https://…/users/1)
	  --level L         Only events of this level and graver: error, warn or info
	  --follow          Keep printing new events as they happen (Ctrl-C stops); with --json one
	                    JSON object per line
	api openapi
	  The OpenAPI 3.1 document of every deployed route: paths, verbs, the #[Args] and #[Returns]
	  schemas, docblocks, which verbs are public. Printed, or written to --out FILE. Files that
	  failed to load are left out and named in "x-svc-failed".

	api client
	  Writes client.ts (default into ./svc-client/, or --out DIR): one typed function per route
	  and verb, no dependencies (fetch), the REST root and credentials passed as options.

	Examples
	  $ svc api new users/[id] --verbs get,delete
	  $ svc api new feed --public --cache 300 --rate-limit 60/60
	  $ svc api new jobs/sync --schedule hourly
	  $ svc api logs --since 1h
	  $ svc api logs --follow --route users/[id] --level error
	  $ svc api push --prune --yes
	  $ svc api list | grep PUBLIC
	  $ svc api diff users/[id]
	  $ svc api rm users/[id] --yes
	  $ svc api releases
	  $ svc api rollback --yes
	  $ svc api push --preview --message "try the new checkout"
	  $ svc api promote 14 --yes
	`,
	login: `
	Usage
	  $ svc login [--url URL] [--user NAME] [--password-stdin] [--site NAME] [--insecure-store]

	Checks the credentials against the site, then saves the site as a named profile and the
	application password in the OS keychain (create one under Users → Profile → Application
	Passwords). In a terminal, svc asks for what the flags do not give.

	Options
	  --url URL           The WordPress address (Settings → General)
	  --user NAME         The administrator's user name
	  --password-stdin    Read the application password from standard input
	  --site NAME         Name of the saved site (default: the host name, e.g. example.com)
	  --insecure-store    Without an OS keychain, keep the password in a file only you can read
	  --json              Print only JSON on stdout

	Examples
	  $ svc login
	  $ printf %s "$APP_PASSWORD" | svc login --url https://example.com --user admin --password-stdin
	`,
	logout: `
	Usage
	  $ svc logout [--site NAME] [--json]

	Forgets the saved site and removes its application password from the keychain (or file).
	Without --site: the site svc would use here (svc.json, the default, or the only one).
	`,
	link: `
	Usage
	  $ svc link [--site NAME] [--api-dir DIR] [--json]

	Writes svc.json in the project (the folder of the nearest svc.json, else this one): the saved
	site that push, pull, list and rm use here without --site, and the route folder.

	Options
	  --site NAME       The saved site (default: the one svc would use now)
	  --api-dir DIR     The route folder, inside the project (default: api)

	Examples
	  $ svc login --url https://staging.example.com --user admin --site staging
	  $ svc link --site staging
	`,
	doctor: `
	Usage
	  $ svc doctor [--site NAME] [--json]

	Checks the linked site and the local project, one line each: ✔ fine, ⚠ works but should be
	fixed, ✖ broken; each problem with its fix. The REST API (pretty or plain permalinks,
	subdirectory installs), HTTPS or a local environment, the Authorization header, the plugin
	and its version, deploying allowed, the svc folder, the syntax check, body limits, opcache,
	svc.json, the api/ folder and files the site skips.
	Exit code 1 when a check fails (✖).
	`,
	dev: `
	Usage
	  $ svc dev [--site NAME] [--yes] [--json]

	Watches api/ and pushes each save as one release, after the local checks (a syntax error is
	shown, nothing is pushed). Deleting a file removes its route (only files this session saw).
	Shows the site, the last push, each route's state and the site's latest events. Ctrl-C stops
	(exit 130).
	With no site linked it starts a throwaway WordPress on this machine's PHP, MariaDB and
	WordPress, prints its URL and login, and removes it on exit; without them it offers WordPress
	Playground through npx (a download: asked first, or --yes).
	--json prints one JSON object per line: local-site, ready, pushed, rejected, failed, event.
	`,
	plugin: `
	Usage
	  $ svc plugin zip [--out FILE] [--force] [--json]

	Writes the svc plugin that ships with this CLI as a zip (default ./svc.zip) to install in
	wp-admin: Plugins → Add New → Upload Plugin. An existing file is replaced only with --force.
	`,
	secrets: `
	Usage
	  $ svc secrets set NAME [--site NAME] [--json]
	  $ svc secrets list [--site NAME] [--json]
	  $ svc secrets rm NAME [--yes] [--site NAME] [--json]

	Values route code reads with \\Svc\\Api\\Secrets::get('NAME') (null when not set). Names are an
	uppercase letter, then up to 63 uppercase letters, digits or underscores (STRIPE_KEY).
	The site keeps them encrypted (SVC_SECRETS_KEY in wp-config.php, else its salts) and never
	sends a value back: not in a listing, an event or an error.

	secrets set NAME
	  Reads the value from standard input when it is not a terminal (one trailing line break is
	  dropped), else asks for it, masked. Never from an argument: shell history would keep it.

	secrets list
	  Each name and when it was last set; "unreadable" marks names the site's key no longer
	  opens (SVC_SECRETS_KEY or the salts changed): set them again.

	secrets rm NAME
	  Asks in a terminal; needs --yes otherwise.

	Examples
	  $ printf %s "$STRIPE_KEY" | svc secrets set STRIPE_KEY
	  $ svc secrets set STRIPE_KEY < stripe-key.txt
	  $ svc secrets list --json
	  $ svc secrets rm STRIPE_KEY --yes
	`,
};
