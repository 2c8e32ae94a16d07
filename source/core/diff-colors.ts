/**
 * A unified diff coloured for a terminal with plain ANSI codes, written as is: the terminal wraps
 * long lines at its edge like any output (Ink would word-wrap code), and no UI library loads.
 * File headers bold, hunk headers cyan, added green, removed red, "\ No newline" dim. Pure.
 */

const CODES = { bold: ['\u001B[1m', '\u001B[22m'], cyan: ['\u001B[36m', '\u001B[39m'], green: ['\u001B[32m', '\u001B[39m'], red: ['\u001B[31m', '\u001B[39m'], dim: ['\u001B[2m', '\u001B[22m'] } as const;

function paint(style: keyof typeof CODES, text: string): string {
	const [open, close] = CODES[style];
	return `${open}${text}${close}`;
}

/** `lines` as unifiedText gives them: the two file headers first. */
export function colorDiff(lines: readonly string[]): string[] {
	return lines.map((line, index) => {
		if (line.startsWith('--- ') || line.startsWith('+++ ')) {
			// Each file's two headers; a `+++` line inside a hunk would be an added line starting "++".
			const header = index === 0 || lines[index - 1]?.startsWith('--- ') === true || (line.startsWith('--- ') && lines[index + 1]?.startsWith('+++ ') === true);
			if (header) return paint('bold', line);
		}
		if (line.startsWith('@@')) return paint('cyan', line);
		if (line.startsWith('+')) return paint('green', line);
		if (line.startsWith('-')) return paint('red', line);
		if (line.startsWith('\\')) return paint('dim', line);
		return line;
	});
}
