/**
 * The help of each topic as a meow template (meow, in read-argv.ts, strips the indentation, indents
 * by two spaces and puts the package description on top), put together from the commands'
 * declarations (registry.ts): the main help lists each command's line, a topic's help has its
 * commands' Usage lines and texts. What belongs to no single command is here: the main help's
 * options, environment and exit codes, and a group's introduction and examples.
 */
import type { CommandHelp } from './declaration.js';
import { COMMANDS, commandsOf, type HelpTopic } from './registry.js';

/** What a group's help says besides its commands' parts: an introduction after Usage, examples at the end. */
const GROUP_TEXTS: Partial<Record<HelpTopic, { readonly intro?: string; readonly examples?: string }>> = {
	api: {
		examples: `
			$ svc api new users/[id] --verbs get,delete
			$ svc api new feed --public --cache 300 --rate-limit 60/60
			$ svc api new jobs/sync --schedule hourly
			$ svc api logs --since 1h
			$ svc api logs --follow --route users/[id] --level error
			$ svc api push --prune --yes
			$ svc api list | grep PUBLIC
			$ svc api diff users/[id]
			$ svc api rm users/[id] --yes
			$ svc api cache purge users/[id]
			$ svc api releases
			$ svc api rollback --yes
			$ svc api push --preview --message "try the new checkout"
			$ svc api promote 14 --yes
		`,
	},
	secrets: {
		intro: `
			Values route code reads with \\Svc\\Api\\Secrets::get('NAME') (null when not set). Names are an
			uppercase letter, then up to 63 uppercase letters, digits or underscores (STRIPE_KEY).
			The site keeps them encrypted (SVC_SECRETS_KEY in wp-config.php, else its salts) and never
			sends a value back: not in a listing, an event or an error.
		`,
		examples: `
			$ printf %s "$STRIPE_KEY" | svc secrets set STRIPE_KEY
			$ svc secrets set STRIPE_KEY < stripe-key.txt
			$ svc secrets list --json
			$ svc secrets rm STRIPE_KEY --yes
		`,
	},
};

/** The main help, around the list of commands. */
const MAIN_USAGE = `
	Usage
	  $ svc <command> [options]
`;

const MAIN_REST = `
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
`;

/** The width of the synopsis column of the main help's list of commands. */
const SYNOPSIS_WIDTH = 17;

/** A topic's help as meow's template. */
export function helpTemplate(topic: HelpTopic): string {
	return template(topic === 'main' ? mainHelp() : topicHelp(topic));
}

function mainHelp(): string[] {
	return [
		...lines(MAIN_USAGE),
		'',
		'Commands',
		...COMMANDS.map(({ help: { listed } }) => `  ${listed[0].padEnd(SYNOPSIS_WIDTH)} ${listed[1]}`),
		'',
		...lines(MAIN_REST),
	];
}

function topicHelp(topic: Exclude<HelpTopic, 'main'>): string[] {
	const commands = commandsOf(topic);
	const group = GROUP_TEXTS[topic];
	const out = ['Usage', ...commands.flatMap(({ help }) => usageLines(help))];
	if (group?.intro !== undefined) {
		out.push('', ...lines(group.intro));
	}
	if (commands.length === 1 && commands[0] !== undefined) {
		// A topic of one command: its text is the topic's.
		out.push('', ...lines(commands[0].help.text));
	} else {
		let gap = true;
		for (const { name, help } of commands) {
			if (help.heading === undefined) {
				throw new Error(`svc ${name} shares its help with other commands and needs a heading.`);
			}
			out.push(...(gap ? [''] : []), help.heading, ...lines(help.text).map((line) => (line === '' ? line : `  ${line}`)));
			gap = help.noBlankLineAfter !== true;
		}
	}
	if (group?.examples !== undefined) {
		out.push('', 'Examples', ...lines(group.examples).map((line) => `  ${line}`));
	}
	return out;
}

/** A command's Usage line; the lines a long one goes on with are aligned under its first option. */
function usageLines(help: CommandHelp): string[] {
	const [first = '', ...more] = typeof help.usage === 'string' ? [help.usage] : help.usage;
	const line = `$ svc ${first}`;
	const align = ' '.repeat(Math.max(0, line.indexOf('[')));
	return [`  ${line}`, ...more.map((next) => `  ${align}${next}`)];
}

/** The lines of a text written indented in the source, without that indentation and the blank first and last lines. */
function lines(text: string): string[] {
	const all = text.split('\n');
	while (all.length > 0 && (all[0] ?? '').trim() === '') all.shift();
	while (all.length > 0 && (all[all.length - 1] ?? '').trim() === '') all.pop();
	const indent = Math.min(...all.filter((line) => line.trim() !== '').map((line) => /^\s*/.exec(line)?.[0].length ?? 0));
	return all.map((line) => (line.trim() === '' ? '' : line.slice(indent)));
}

/** Lines as meow's template: each indented by a tab, between a blank first line and a closing tab (meow drops both). */
function template(body: readonly string[]): string {
	return `\n${body.map((line) => (line === '' ? '' : `\t${line}`)).join('\n')}\n\t`;
}
