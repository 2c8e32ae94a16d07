/**
 * A help text as meow printed it (svc's help was written for meow): the package description, then
 * the text without its source indentation, both indented by two spaces, framed by blank lines.
 */
export function formatHelp(text: string, description: string): string {
	return `\n${indent(description)}\n\n${indent(stripIndent(text.replace(/\t+\n*$/, '').replace(/^(\r?\n)+|(\r?\n)+$/g, '')))}\n`;
}

/** Removes the smallest indentation shared by the lines that have text. */
function stripIndent(text: string): string {
	const widths = [...text.matchAll(/^[ \t]*(?=\S)/gm)].map((match) => match[0].length);
	const shared = widths.length === 0 ? 0 : Math.min(...widths);
	return shared === 0 ? text : text.replace(new RegExp(`^[ \\t]{${shared}}`, 'gm'), '');
}

/** Two spaces before each line that has text; empty lines stay empty. */
function indent(text: string): string {
	return text.replace(/^(?!\s*$)/gm, '  ');
}
