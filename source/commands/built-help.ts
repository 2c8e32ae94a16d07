/**
 * The main help as meow rendered it when svc was built (scripts/build.mjs defines SVC_MAIN_HELP
 * with read-argv.ts's renderHelp): `svc` and `svc --help` print it without loading meow, which
 * would double the start of the one command that only prints text. Run from source (tsx, jest)
 * there is none, and meow renders it at run time.
 */
declare const SVC_MAIN_HELP: string | undefined;

export function builtMainHelp(): string | undefined {
	return typeof SVC_MAIN_HELP === 'undefined' ? undefined : SVC_MAIN_HELP;
}
