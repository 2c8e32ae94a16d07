/**
 * The one way text becomes a word of a command line svc suggests (a curl line, `svc login --url`,
 * `svc secrets set NAME`). A site chooses much of that text (a route path, a redirect's address, a
 * secret's name), and a person pastes the line into a POSIX shell: a word made only of characters
 * no shell treats specially is left as it is, so the usual line reads as usual; anything else is
 * put in single quotes, inside which a POSIX shell expands nothing (`$(…)`, backquotes, `$IFS`,
 * globs, `;`), a single quote itself written as '\''.
 */

/** Characters that mean nothing to sh, bash or zsh in a word (no quote, `$`, glob, space, `~`, `=` first…). */
const PLAIN = /^[A-Za-z0-9_@%+:,./-]+$/;

export function shellWord(text: string): string {
	return PLAIN.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A whole suggested command line from its words, each quoted as shellWord() does. */
export function shellLine(words: readonly string[]): string {
	return words.map(shellWord).join(' ');
}
