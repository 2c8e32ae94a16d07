/**
 * The one place a value becomes JSON text for a terminal or a program (every `--json` document and
 * line, string literals of generated code). JSON.stringify escapes C0 controls but passes C1
 * controls (U+0080–U+009F: U+009B is an 8-bit CSI that some terminals act on) and the line
 * separators U+2028 and U+2029 (line ends to JavaScript before ES2019) through raw; a site chooses
 * much of that text. They are written as `\u009b` escapes: the same JSON value, lossless, which no
 * terminal acts on. They occur only inside strings, so the replacement cannot touch JSON's syntax.
 */

const RAW = /[\u0080-\u009f\u2028\u2029]/g;

export function jsonText(value: unknown, indent?: number): string {
	return JSON.stringify(value, null, indent).replace(RAW, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
