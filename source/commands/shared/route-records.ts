/**
 * The listing as `svc api list` prints it: records for --json (public routes carry
 * `"public": true`, failed ones their `error`, as in the management API), and a plain aligned
 * table for pipes, one route per line, greppable by `[PUBLIC]`.
 */
import type { RemoteFile } from '../../core/site-client.js';

export interface RouteRecord {
	readonly filename: string;
	readonly file: string;
	readonly path: string;
	readonly route?: string;
	readonly methods: readonly string[];
	readonly hash: string;
	readonly public?: true;
	readonly error?: string;
}

export function toRecord(file: RemoteFile): RouteRecord {
	return {
		filename: file.filename,
		file: `${file.filename}.php`,
		path: file.path,
		...(file.route === undefined ? {} : { route: file.route }),
		methods: file.methods,
		hash: file.hash,
		...(file.public ? { public: true as const } : {}),
		...(file.error === undefined ? {} : { error: file.error }),
	};
}

export function plainTable(files: readonly RemoteFile[]): string {
	const rows = files.map((file) => [
		file.path === '' ? file.filename : file.path,
		`${file.filename}.php`,
		file.methods.length === 0 ? '-' : file.methods.join(','),
		[file.public ? '[PUBLIC]' : '', file.error === undefined ? '' : `[FAILED TO LOAD] ${oneLine(file.error)}`]
			.filter((part) => part !== '')
			.join(' '),
	]);
	const header = ['ROUTE', 'FILE', 'METHODS', ''];
	const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
	return [header, ...rows]
		.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd())
		.join('\n');
}

function oneLine(text: string): string {
	return text.replace(/\s*\n\s*/g, ' ').trim();
}
