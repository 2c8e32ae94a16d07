/**
 * The project's local route files: walks api/ and runs every check that can run without the site,
 * so `svc api push` fails before any upload with a reason per file.
 */
// node:fs's promises, not node:fs/promises: that module loads readline and the stream classes
// (about 1 ms) at import, before a command has checked anything.
import { promises as fs, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { SvcError } from './errors.js';
import type { RouteSourceCheck } from './php-lexical.js';
import { compareSlugs, findRouteConflicts, pathFromSlug, slugFromPath, validateSlug } from './slug.js';
import { nodeCrypto } from './node-crypto.js';

/** The per-file limit (docs/rules.md, "Limits"); the site's filter may change its own, the CLI checks the default. */
export const MAX_FILE_BYTES = 512 * 1024;

export interface LocalRouteFile {
	readonly slug: string;
	/** Path under api/, always with `/` separators. */
	readonly relPath: string;
	readonly absPath: string;
	readonly bytes: Buffer;
	/** Lowercase hex SHA-256 of `bytes`: what the site's listing reports as `hash`. */
	readonly hash: string;
	readonly size: number;
	/** The lexical checks; undefined when they were not run (disabled, over size, not UTF-8). */
	readonly check: RouteSourceCheck | undefined;
}

export interface LocalProblem {
	readonly relPath: string;
	/**
	 * The site's code for the same refusal (`svc_file_too_large`, `svc_strict_types`…); a check
	 * only the CLI makes has its own (`svc_not_php`, `svc_unreadable`, `svc_bad_encoding`).
	 */
	readonly code: string;
	/** Why the file cannot be pushed; does not repeat the path. */
	readonly message: string;
}

export interface ApiDirScan {
	readonly dir: string;
	/** Files with a valid slug, sorted by slug, whether or not they have problems. */
	readonly files: readonly LocalRouteFile[];
	/** Every local check that failed, sorted by path; push must not proceed unless empty. */
	readonly problems: readonly LocalProblem[];
}

export interface ScanOptions {
	/** Return an empty scan instead of failing when api/ does not exist (what pull wants). */
	readonly allowMissing?: boolean;
	/** Run the PHP lexical checks (default true); pull only needs hashes, push may defer them (checkRouteFiles). */
	readonly lexical?: boolean;
}

export function sha256Hex(content: Uint8Array | string): string {
	return nodeCrypto().createHash('sha256').update(content).digest('hex');
}

/** `api/users/[id].php: <message>`, with the api/ directory shown as `dirLabel`. */
export function formatProblem(problem: LocalProblem, dirLabel = 'api'): string {
	return `${dirLabel}/${problem.relPath}: ${problem.message}`;
}

export async function scanApiDir(dir: string, options: ScanOptions = {}): Promise<ApiDirScan> {
	const root = path.resolve(dir);
	if (!isDirectory(root, options.allowMissing === true)) {
		return { dir: root, files: [], problems: [] };
	}

	let files: LocalRouteFile[] = [];
	const problems: LocalProblem[] = [];
	for (const result of await mapConcurrently(await walk(root), READ_CONCURRENCY, readRouteFile)) {
		problems.push(...result.problems.map((problem) => ({ relPath: result.relPath, ...problem })));
		if (result.file !== undefined) {
			files.push(result.file);
		}
	}
	problems.push(...routeConflictProblems(files));
	if (options.lexical !== false) {
		const checked = await checkRouteFiles(files);
		files = [...checked.files];
		problems.push(...checked.problems);
	}

	files.sort((a, b) => compareSlugs(a.slug, b.slug));
	problems.sort((a, b) => compareSlugs(a.relPath, b.relPath));
	return { dir: root, files, problems };
}

export interface RouteFilesCheck {
	/** The same files, each with `check` set where the file could be parsed at all. */
	readonly files: readonly LocalRouteFile[];
	readonly problems: readonly LocalProblem[];
}

/**
 * The PHP lexical checks, and unique class names across the given files. Separate from the scan
 * because php-parser costs about half a second per 1,000 files in a fresh process: push may scan
 * with `lexical: false` and check only the files it is about to upload (the site already accepted
 * the unchanged ones, and still rejects a class name taken by any other route file). The checks'
 * code (the PHP lexer, the schema rules, about a quarter of push's) loads here, with the first
 * file to check: a run that checks nothing never loads it.
 */
export async function checkRouteFiles(files: readonly LocalRouteFile[]): Promise<RouteFilesCheck> {
	const { checkRouteSource } = await import('./php-lexical.js');
	const problems: LocalProblem[] = [];
	const checked = files.map((file) => {
		const text = file.size > MAX_FILE_BYTES ? undefined : decodeUtf8(file.bytes);
		if (text === undefined || text.includes('\0')) {
			return file; // The scan already reported why this file cannot be read as PHP.
		}
		const check = checkRouteSource(text);
		problems.push(...check.problems.map((problem) => ({ relPath: file.relPath, ...problem })));
		return { ...file, check };
	});
	problems.push(...duplicateClassProblems(checked));
	const confirmed = await confirmSyntaxErrors(checked, problems);
	confirmed.sort((a, b) => compareSlugs(a.relPath, b.relPath));
	return { files: checked, problems: confirmed };
}

/**
 * php-parser's syntax errors, put to the PHP on this machine when there is one (php-lint.ts): a
 * file it accepts loses the problem (new syntax php-parser does not know yet; the site still runs
 * its own php -l), a file it refuses keeps it in PHP's words.
 */
async function confirmSyntaxErrors(files: readonly LocalRouteFile[], problems: LocalProblem[]): Promise<LocalProblem[]> {
	const broken = files.filter((file) => file.check?.syntaxError !== undefined);
	if (broken.length === 0) return problems;
	const { lintWithPhp } = await import('./php-lint.js');
	const verdicts = new Map(await Promise.all(broken.map(async (file) => [file.relPath, await lintWithPhp(decodeUtf8(file.bytes) ?? '', path.basename(file.relPath))] as const)));
	return problems.flatMap((problem) => {
		const verdict = problem.code === 'svc_syntax_error' ? verdicts.get(problem.relPath) : undefined;
		if (verdict === undefined) return [problem];
		return verdict.ok ? [] : [{ ...problem, message: verdict.message }];
	});
}

/** One stat, synchronous: a missing folder is reported before node:fs's promises API (about 1 ms) loads. */
function isDirectory(root: string, allowMissing: boolean): boolean {
	try {
		if (statSync(root).isDirectory()) {
			return true;
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw error;
		}
		if (allowMissing) {
			return false;
		}
		throw new SvcError(`No api/ directory at ${root}.`, {
			code: 'no_api_dir',
			hint: `Create it and add a route file (e.g. ${path.join(root, 'hello.php')}), run "svc api pull" to fetch the site's routes, or set "apiDir" in svc.json.`,
		});
	}
	throw new SvcError(`${root} is not a directory; the api/ folder must be a directory of route files.`, {
		code: 'no_api_dir',
		hint: 'Set "apiDir" in svc.json to the folder that holds your route files.',
	});
}

interface WalkEntry {
	readonly relPath: string;
	readonly absPath: string;
}

/** Every non-hidden file under root; symlinks are followed, each real directory visited once. */
async function walk(root: string): Promise<WalkEntry[]> {
	const found: WalkEntry[] = [];
	const visited = new Set<string>();
	const visit = async (absDir: string, relDir: string): Promise<void> => {
		const real = await fs.realpath(absDir);
		if (visited.has(real)) {
			return;
		}
		visited.add(real);
		const entries: Dirent[] = await fs.readdir(absDir, { withFileTypes: true });
		entries.sort((a, b) => compareSlugs(a.name, b.name));
		for (const entry of entries) {
			if (entry.name.startsWith('.')) {
				continue;
			}
			const absPath = path.join(absDir, entry.name);
			const relPath = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
			const isDir = entry.isDirectory() || (entry.isSymbolicLink() && (await isLinkToDirectory(absPath)));
			if (isDir) {
				await visit(absPath, relPath);
			} else {
				found.push({ relPath, absPath });
			}
		}
	};
	await visit(root, '');
	return found;
}

async function isLinkToDirectory(absPath: string): Promise<boolean> {
	try {
		return (await fs.stat(absPath)).isDirectory();
	} catch {
		return false; // A dangling link is reported when it is read as a file.
	}
}

type FileProblem = Omit<LocalProblem, 'relPath'>;

interface ReadResult {
	readonly relPath: string;
	readonly file?: LocalRouteFile;
	readonly problems: readonly FileProblem[];
}

// Enough parallel reads to hide file system latency on a 1,000-file api/ without exhausting handles.
const READ_CONCURRENCY = 32;

async function mapConcurrently<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array<R>(items.length);
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < items.length) {
			const index = next++;
			results[index] = await task(items[index] as T);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	return results;
}

async function readRouteFile(entry: WalkEntry): Promise<ReadResult> {
	const slug = slugFromPath(entry.relPath);
	if (slug === null) {
		return {
			relPath: entry.relPath,
			problems: [{ code: 'svc_not_php', message: 'is not a .php file; api/ holds only route files (move it out, or start its name with a dot to have svc ignore it)' }],
		};
	}
	const slugCheck = validateSlug(slug);
	if (!slugCheck.ok) {
		const where = slugCheck.segment === undefined ? `route path ${JSON.stringify(slug)} ` : 'invalid route path: ';
		return { relPath: entry.relPath, problems: [{ code: 'svc_invalid_slug', message: `${where}${slugCheck.message}` }] };
	}

	let bytes: Buffer;
	try {
		const info = await fs.stat(entry.absPath);
		if (!info.isFile()) {
			return { relPath: entry.relPath, problems: [{ code: 'svc_unreadable', message: 'is not a regular file' }] };
		}
		bytes = await fs.readFile(entry.absPath);
	} catch (error) {
		return { relPath: entry.relPath, problems: [{ code: 'svc_unreadable', message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` }] };
	}

	const problems: FileProblem[] = [];
	if (bytes.length > MAX_FILE_BYTES) {
		problems.push({ code: 'svc_file_too_large', message: `is ${formatKiB(bytes.length)} (${bytes.length} bytes); the limit is 512 KB (${MAX_FILE_BYTES} bytes)` });
	} else {
		const text = decodeUtf8(bytes);
		if (text === undefined) {
			problems.push({ code: 'svc_bad_encoding', message: 'is not valid UTF-8; the site accepts UTF-8 route files only' });
		} else if (text.includes('\0')) {
			problems.push({ code: 'svc_bad_encoding', message: 'contains a NUL byte' });
		}
	}

	const file: LocalRouteFile = {
		slug,
		relPath: entry.relPath,
		absPath: entry.absPath,
		bytes,
		hash: sha256Hex(bytes),
		size: bytes.length,
		check: undefined,
	};
	return { relPath: entry.relPath, file, problems };
}

function decodeUtf8(bytes: Buffer): string | undefined {
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
	} catch {
		return undefined;
	}
}

function formatKiB(bytes: number): string {
	return `${(bytes / 1024).toFixed(1)} KB`;
}

/** PHP class names are case-insensitive, so `App\Hello` and `app\hello` collide. */
function duplicateClassProblems(files: readonly LocalRouteFile[]): LocalProblem[] {
	const byClass = new Map<string, { name: string; files: LocalRouteFile[] }>();
	for (const file of files) {
		for (const name of file.check?.classes ?? []) {
			const entry = byClass.get(name.toLowerCase()) ?? { name, files: [] };
			entry.files.push(file);
			byClass.set(name.toLowerCase(), entry);
		}
	}
	return [...byClass.values()]
		.filter((entry) => entry.files.length > 1)
		.flatMap(({ name, files: group }) =>
			group.map((file) => ({
				relPath: file.relPath,
				code: 'svc_class_taken',
				message: `class ${name} is also declared in ${group
					.filter((other) => other !== file)
					.map((other) => other.relPath)
					.join(', ')}; class names must be unique across route files`,
			})),
		);
}

function routeConflictProblems(files: readonly LocalRouteFile[]): LocalProblem[] {
	return findRouteConflicts(files.map((file) => file.slug)).flatMap((group) =>
		group.map((slug) => ({
			relPath: pathFromSlug(slug),
			code: 'svc_route_conflict',
			message: `serves the same route as ${group
				.filter((other) => other !== slug)
				.map(pathFromSlug)
				.join(', ')} (parameter names do not tell routes apart); rename one of them`,
		})),
	);
}
