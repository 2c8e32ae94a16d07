/**
 * The one place where text from a site or a route file becomes terminal text. A site's words
 * (event messages a caller could set, error reasons, route names, release authors, file contents)
 * must never drive the terminal: C0 and C1 controls, DEL, ESC (colours, cursor moves, window
 * titles, OSC 52 clipboard writes, links) and the bidi overrides and isolates that reorder what is
 * shown (U+202A–U+202E, U+2066–U+2069) are shown as visible escapes (`\x1b`, `\u202e`); printable
 * Unicode (accents, CJK, emoji) is kept as it is. `--json` is not shown through here: it stays
 * lossless (JSON escapes controls itself).
 */

/** Everything that can change what a terminal shows besides the text itself. */
// Tab stays: it only moves to the next stop, and PHP files and diffs are full of it.
// eslint-disable-next-line no-control-regex -- matching controls is this file's job.
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line of untrusted text, safe to print: every control (line breaks included) shown as an escape. */
export function shownLine(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/**
 * Untrusted text that may span lines, laid out on purpose: each line made safe as shownLine()
 * does, the lines after the first indented by `indent` (a message under its label). CR and every
 * other control stay visible escapes, so a line can never be overwritten or hidden.
 */
export function shownLines(text: string, indent = ''): string {
  return text
    .split('\n')
    .map((line) => shownLine(line))
    .join(`\n${indent}`);
}

/** What printed text holds raw that shownLine() would escape, line breaks aside: for tests that guard every screen. */
export function unsafeControls(text: string): string[] {
  return [...text.replace(/\n/g, '').matchAll(UNSAFE)].map((match) => JSON.stringify(match[0]));
}

export function hasUnsafeControls(text: string): boolean {
  return unsafeControls(text).length > 0;
}
