/**
 * A failure as the user reads it on stderr: what went wrong, each file's own reason when there are
 * several, and what to do about it. Plain text with a little colour in a terminal, written without
 * Ink: a command that fails before its work (no site, a usage error) prints this before Ink or
 * React could even load, which is what its start-up costs.
 */
import { shownLine, shownLines } from '../../core/terminal-text.js';
import type { Env } from './io.js';

export interface ErrorItem {
	/** Usually a file, e.g. `api/users/[id].php`. */
	readonly label: string;
	readonly message: string;
}

export interface ErrorText {
	readonly message: string;
	readonly items?: readonly ErrorItem[];
	readonly hint?: string | undefined;
}

type Paint = (text: string, open: string, close: string) => string;

export function formatError({ message, items = [], hint }: ErrorText, colors: boolean): string {
	const paint: Paint = colors ? (text, open, close) => `\u001B[${open}m${text}\u001B[${close}m` : (text) => text;
	const red = (text: string) => paint(text, '31', '39');
	// Messages carry a site's words (its refusals, a file's load error, a header it sent): shown, never obeyed.
	return [
		`${paint(red('✖ Error:'), '1', '22')} ${shownLines(message, '  ')}`,
		...items.map((item) => `  ${red(shownLine(item.label))}: ${shownLines(item.message, '    ')}`),
		...(hint === undefined ? [] : [`${paint('→', '36', '39')} ${shownLines(hint, '  ')}`]),
	].join('\n');
}

/**
 * Colour as chalk (Ink's) would decide it for this stream: FORCE_COLOR wins (the entry point turns
 * NO_COLOR into FORCE_COLOR=0), otherwise a terminal that is not "dumb".
 */
export function wantsColor(stream: { readonly isTTY?: boolean }, env: Env): boolean {
	const forced = env['FORCE_COLOR'];
	if (forced !== undefined && forced !== '') {
		return forced !== '0' && forced !== 'false';
	}
	if ((env['NO_COLOR'] ?? '') !== '') {
		return false;
	}
	return stream.isTTY === true && env['TERM'] !== 'dumb';
}
