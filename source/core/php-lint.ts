/**
 * A second opinion on a syntax error from the PHP on this machine, when there is one: php-parser
 * (the lexical checks) may lag the newest PHP syntax, so a file it cannot parse is passed to
 * `php -l`. PHP's verdict wins: a file it accepts is left to the site (whose `php -l` has the last
 * word), and a file it refuses is reported in PHP's own words, as the site would word it.
 */
import { spawn } from 'node:child_process';

export type LintVerdict = { readonly ok: true } | { readonly ok: false; readonly message: string };

const TIMEOUT_MS = 10_000;

/** `php -l` on the text; undefined when no PHP runs here (or it says nothing usable). */
export function lintWithPhp(text: string, fileName: string, php: string = process.env['SVC_PHP'] ?? 'php'): Promise<LintVerdict | undefined> {
	return new Promise((resolve) => {
		let stderr = '';
		let child;
		try {
			child = spawn(php, ['-n', '-d', 'display_errors=stderr', '-d', 'log_errors=0', '-d', 'error_reporting=-1', '-l'], { stdio: ['pipe', 'ignore', 'pipe'], timeout: TIMEOUT_MS });
		} catch {
			resolve(undefined);
			return;
		}
		child.on('error', () => resolve(undefined));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.stdin.on('error', () => undefined);
		child.on('close', (code) => {
			if (code === 0) return resolve({ ok: true });
			const match = /(Parse error|Fatal error): +(.*) in Standard input code on line (\d+)/.exec(stderr);
			resolve(match === null ? undefined : { ok: false, message: `PHP ${match[1]}: ${match[2]} in ${fileName} on line ${match[3]}` });
		});
		child.stdin.end(text);
	});
}
