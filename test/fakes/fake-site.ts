/**
 * A WordPress stand-in on 127.0.0.1 that speaks docs/management-api.md: REST index, HTTP Basic
 * auth, and the svc/v1 routes (Releases included) from an in-memory store. Real HTTP, so the site
 * client and the commands are tested with real got and no mocks; tests swap `handler` to produce
 * failures, and `answer()` passes a request on to the contract.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex } from '../../source/core/route-files.js';

export const USER = 'admin';
export const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
export const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

export interface SeenRequest {
	readonly method: string;
	readonly route: string;
	readonly query: URLSearchParams;
	readonly authorization: string | undefined;
	readonly body: unknown;
	/** Bytes of the request body as sent. */
	readonly bytes: number;
}

interface FakeRelease {
	readonly id: number;
	readonly kind: string;
	/** slug → hash */
	readonly files: Map<string, string>;
	readonly plan: { added: string[]; changed: string[]; removed: string[] };
	readonly rollbackOf: number | null;
}

export interface Reply {
	readonly status?: number;
	readonly json?: unknown;
	readonly text?: string;
	readonly headers?: Record<string, string>;
	/** Never answer (for timeouts). */
	readonly hang?: boolean;
	/** Answer after this long (for work that is under way meanwhile). */
	readonly delayMs?: number;
	/** Answers itself, for answers no JSON or text can be: endless, compressed, cut off. */
	readonly write?: (response: ServerResponse) => void;
}

/** Any request the stand-in got, discovery probes and redirects included. */
export interface ArrivedRequest {
	readonly method: string;
	/** Path and query, as sent. */
	readonly url: string;
	/** The Host header: which name the client used for this server. */
	readonly host: string | undefined;
	readonly authorization: string | undefined;
}

export type Handler = (request: SeenRequest) => Reply;

/** A WordPress stand-in: REST index, Basic auth, and the svc/v1 routes from an in-memory store. */
export class FakeSite {
	permalinks: 'pretty' | 'plain' = 'pretty';
	indexRequests = 0;
	/** Path → location, answered with 301 before anything else. */
	readonly redirects = new Map<string, string>();
	handler: Handler = (request) => this.contract(request);
	readonly requests: SeenRequest[] = [];
	/** Every request that arrived, before anything else looked at it. */
	readonly arrived: ArrivedRequest[] = [];
	namespace = 'svc-api/v1';
	files = new Map<string, string>();
	/** Releases: staged and known contents by hash, kept releases oldest first. */
	blobs = new Map<string, string>();
	releases: FakeRelease[] = [];
	/** A plugin from before releases: status, api-blobs and api-releases do not exist. */
	legacy = false;
	/** A plugin from before the early cache: `POST cache/purge` does not exist. */
	earlyCache = true;
	/** A plugin that replays a commit sent again with its commit_id (GET status says `features: ["commit_ids"]`). */
	commitIds = true;
	/** A plugin that lists some files only (`GET api-files?filenames=`; GET status says `listing_filenames`). */
	listingFilenames = true;
	/** A plugin whose `GET status?listing=true` carries the listing (`status_listing`). */
	statusListing = true;
	/** The early cache's counts per slug, listed as `early_cache` (routes cached early only). */
	cacheCounts = new Map<string, { hits: number; misses: number }>();
	/** What each `POST cache/purge` purged, in order. */
	readonly purges: (string[] | 'all')[] = [];
	deploy: { allowed: boolean; reason?: string } = { allowed: true };
	requestBytes: number | undefined = undefined;
	url = '';
	private readonly server: Server = createHttpServer((request, response) => void this.serve(request, response));

	async start(): Promise<void> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	reset(): void {
		this.indexRequests = 0;
		this.permalinks = 'pretty';
		this.redirects.clear();
		this.handler = (request) => this.contract(request);
		this.requests.length = 0;
		this.arrived.length = 0;
		this.namespace = 'svc-api/v1';
		this.files = new Map([['hello', '<?php\n// hello\n']]);
		this.blobs = new Map();
		this.releases = [];
		this.legacy = false;
		this.earlyCache = true;
		this.commitIds = true;
		this.listingFilenames = true;
		this.statusListing = true;
		this.cacheCounts = new Map();
		this.purges.length = 0;
		this.deploy = { allowed: true };
		this.requestBytes = undefined;
	}

	/** What `this.contract` would answer: for handlers that change one answer and pass the rest on. */
	answer(request: SeenRequest): Reply {
		return this.contract(request);
	}

	private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
		this.arrived.push({ method: request.method ?? 'GET', url: request.url ?? '/', host: request.headers.host, authorization: request.headers.authorization });
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const text = Buffer.concat(chunks).toString('utf8');
		const url = new URL(request.url ?? '/', this.url);
		const location = this.redirects.get(url.pathname);
		if (location !== undefined) {
			return this.send(response, { status: 301, text: '', headers: { location } });
		}
		const route = this.routeOf(url);
		if (route === undefined) {
			return this.send(response, { status: 404, text: '<html>Page not found</html>', headers: { 'content-type': 'text/html' } });
		}
		if (route === '/') {
			this.indexRequests += 1;
			return this.send(response, { json: { name: 'Fake', namespaces: ['wp/v2', 'svc/v1'] } });
		}
		if (route === '/svc/v1' || route === '/svc/v1/') {
			return this.send(response, { json: { namespace: 'svc/v1', routes: {} } });
		}
		const seen: SeenRequest = {
			method: request.method ?? 'GET',
			route,
			query: url.searchParams,
			authorization: request.headers.authorization,
			body: text === '' ? undefined : (JSON.parse(text) as unknown),
			bytes: Buffer.concat(chunks).length,
		};
		this.requests.push(seen);
		this.send(response, this.handler(seen));
	}

	private routeOf(url: URL): string | undefined {
		if (this.permalinks === 'pretty' && url.pathname.startsWith('/wp-json')) {
			return url.pathname.slice('/wp-json'.length) || '/';
		}
		if (url.pathname === '/' && url.searchParams.has('rest_route')) {
			return url.searchParams.get('rest_route') ?? '/';
		}
		return undefined;
	}

	private send(response: ServerResponse, reply: Reply): void {
		if (reply.hang === true) return;
		if (reply.delayMs !== undefined) {
			const { delayMs: _delay, ...now } = reply;
			setTimeout(() => this.send(response, now), reply.delayMs);
			return;
		}
		if (reply.write !== undefined) return reply.write(response);
		const body = reply.text ?? JSON.stringify(reply.json ?? null);
		response.writeHead(reply.status ?? 200, {
			'content-type': reply.text === undefined ? 'application/json; charset=UTF-8' : 'text/plain',
			...reply.headers,
		});
		response.end(body);
	}

	/** The management API as docs/management-api.md describes it. */
	private contract(request: SeenRequest): Reply {
		if (request.authorization !== BASIC) {
			return wpError(401, 'incorrect_password', 'The provided password is an invalid application password.');
		}
		const key = `${request.method} ${request.route}`;
		if (key === 'GET /svc/v1/api-namespace') return { json: { namespace: this.namespace } };
		if (key === 'PUT /svc/v1/api-namespace') {
			const previous = this.namespace;
			this.namespace = (request.body as { namespace: string }).namespace;
			return { json: { namespace: this.namespace, previous } };
		}
		if (key === 'GET /svc/v1/api-files') {
			const withContent = request.query.get('content') !== 'false';
			const only = this.listingFilenames ? request.query.get('filenames')?.split(',') : undefined;
			return { json: this.records(withContent, only) };
		}
		if (key === 'POST /svc/v1/api-files') {
			const { files, dry_run } = request.body as { files: { filename: string; content: string }[]; dry_run: boolean };
			if (!dry_run) for (const file of files) this.files.set(file.filename, file.content);
			const records = files.map((file) => ({ filename: file.filename, hash: sha256Hex(file.content), size: file.content.length, path: `/x/${file.filename}`, methods: ['GET'], public: true }));
			// As the plugin does: a dry run reports what passed under `checked` and writes nothing.
			return { json: { written: dry_run ? [] : records, checked: records, dry_run, syntax_check: 'php -l' } };
		}
		if (key === 'DELETE /svc/v1/api-files') {
			if (!this.legacy && !this.deploy.allowed) return this.disallowed();
			const { filenames } = request.body as { filenames: string[] };
			const missing = filenames.filter((name) => !this.files.has(name));
			if (missing.length > 0) return wpError(404, 'svc_not_found', 'Not found.', { filenames: missing });
			if (this.legacy) {
				for (const name of filenames) this.files.delete(name);
				return { json: { deleted: filenames } };
			}
			const next = new Map(this.activeSet());
			for (const name of filenames) next.delete(name);
			return { json: { deleted: filenames, release: this.release(this.activate(next, 'rm', null)) } };
		}
		if (key === 'POST /svc/v1/cache/purge' && this.earlyCache && !this.legacy) {
			const { routes } = (request.body ?? {}) as { routes?: string[] };
			if (routes === undefined) {
				this.purges.push('all');
				return { json: { purged: 'all' } };
			}
			const missing = routes.filter((name) => !this.files.has(name));
			if (missing.length > 0) return wpError(404, 'svc_not_found', 'Not found.', { filenames: missing });
			const purged = [...routes].sort();
			this.purges.push(purged);
			return { json: { purged } };
		}
		if (!this.legacy) {
			const answer = this.releaseContract(key, request);
			if (answer !== undefined) return answer;
		}
		return wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
	}

	/** The files as `GET api-files` lists them. */
	private records(withContent: boolean, only?: readonly string[]): Record<string, unknown>[] {
		return [...this.files]
			.filter(([filename]) => only === undefined || only.includes(filename))
			.map(([filename, content]) => ({
				filename,
				...(withContent ? { content } : {}),
				hash: sha256Hex(content),
				size: content.length,
				route: `/${this.namespace}/${filename}`,
				path: `/${this.namespace}/${filename}`,
				methods: ['GET'],
				...(this.cacheCounts.has(filename) ? { early_cache: this.cacheCounts.get(filename) } : {}),
			}));
	}

	private releaseContract(key: string, request: SeenRequest): Reply | undefined {
		const active = this.releases.at(-1);
		if (key === 'GET /svc/v1/status') {
			return {
				json: {
					deploy: this.deploy,
					release: active === undefined ? null : { id: active.id, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: active.kind, files: active.files.size },
					limits: { file_bytes: 524288, total_bytes: 8388608, ...(this.requestBytes === undefined ? {} : { request_bytes: this.requestBytes }) },
					...(this.commitIds || this.listingFilenames || this.statusListing
						? { features: [...(this.commitIds ? ['commit_ids'] : []), ...(this.listingFilenames ? ['listing_filenames'] : []), ...(this.statusListing ? ['status_listing'] : [])] }
						: {}),
					...(this.statusListing && request.query.get('listing') === 'true' ? { listing: { files: this.records(false), skipped_files: [] } } : {}),
				},
			};
		}
		if (key === 'GET /svc/v1/api-releases') {
			return { json: [...this.releases].reverse().map((release) => this.release(release)) };
		}
		if (!key.startsWith('POST /svc/v1/api-')) return undefined;
		if (!this.deploy.allowed) return this.disallowed();
		if (key === 'POST /svc/v1/api-blobs') {
			const { blobs } = request.body as { blobs: { hash: string; content_base64: string }[] };
			const stored: string[] = [];
			const present: string[] = [];
			for (const blob of blobs) {
				const content = Buffer.from(blob.content_base64, 'base64');
				if (sha256Hex(content) !== blob.hash) return wpError(400, 'svc_hash_mismatch', 'Hash mismatch.', { hash: blob.hash });
				(this.blobs.has(blob.hash) ? present : stored).push(blob.hash);
				this.blobs.set(blob.hash, content.toString('utf8'));
			}
			return { json: { stored, present } };
		}
		if (key === 'POST /svc/v1/api-releases') {
			const { files, prune, dry_run, base } = request.body as { files: Record<string, string>; prune: boolean; dry_run: boolean; base?: number };
			if (base !== undefined && base !== active?.id) return wpError(409, 'svc_release_moved', 'Another release is active.', { active: active?.id });
			const known = new Set([...this.blobs.keys(), ...this.activeSet().values()]);
			const missing = [...new Set(Object.values(files))].filter((hash) => !known.has(hash));
			if (missing.length > 0) return wpError(409, 'svc_missing_blobs', 'Stage these first.', { hashes: missing });
			const next = prune ? new Map(Object.entries(files)) : new Map([...this.activeSet(), ...Object.entries(files)]);
			return this.commit(next, prune ? 'prune' : 'push', null, dry_run);
		}
		if (key === 'POST /svc/v1/api-releases/rollback') {
			const { to, dry_run, base } = request.body as { to?: number; dry_run: boolean; base?: number };
			if (base !== undefined && base !== active?.id) return wpError(409, 'svc_release_moved', 'Another release is active.', { active: active?.id });
			const target = to === undefined ? this.releases.at(-2) : this.releases.find((release) => release.id === to);
			if (target === undefined) {
				return to === undefined
					? wpError(409, 'svc_no_previous_release', 'Nothing to go back to.')
					: wpError(404, 'svc_release_not_found', `Release ${to} is not kept.`);
			}
			return this.commit(new Map(target.files), 'rollback', target.id, dry_run);
		}
		return undefined;
	}

	private disallowed(): Reply {
		return wpError(403, 'svc_deploy_disallowed', 'DISALLOW_FILE_MODS is true on this site; define( \'SVC_ALLOW_DEPLOY\', true ) in wp-config.php to deploy with svc.');
	}

	/** slug → hash of the active files. */
	private activeSet(): Map<string, string> {
		return new Map([...this.files].map(([slug, content]) => [slug, sha256Hex(content)]));
	}

	private commit(next: Map<string, string>, kind: string, rollbackOf: number | null, dryRun: boolean): Reply {
		const plan = diff(this.activeSet(), next);
		if (plan.added.length + plan.changed.length + plan.removed.length === 0) return { json: { release: null, unchanged: true, plan } };
		const records = [...plan.added, ...plan.changed].map((filename) => ({ filename, hash: next.get(filename), path: `/svc-api/v1/${filename}`, methods: ['GET'] }));
		if (dryRun) return { json: { release: null, written: [], checked: records, dry_run: true, syntax_check: 'php', plan } };
		const release = this.activate(next, kind, rollbackOf);
		return { json: { release: this.release(release), written: records, checked: records, dry_run: false, syntax_check: 'php', plan } };
	}

	private activate(next: Map<string, string>, kind: string, rollbackOf: number | null): FakeRelease {
		const plan = diff(this.activeSet(), next);
		// Contents of kept releases stay known (as the plugin keeps their trees).
		for (const content of this.files.values()) this.blobs.set(sha256Hex(content), content);
		this.files = new Map([...next].map(([slug, hash]) => [slug, this.blobs.get(hash) ?? '']));
		const release = { id: (this.releases.at(-1)?.id ?? 0) + 1, kind, files: next, plan, rollbackOf };
		this.releases.push(release);
		return release;
	}

	private release(release: FakeRelease) {
		return {
			id: release.id,
			created: '2026-11-22T21:04:05Z',
			user: { id: 1, login: 'admin' },
			kind: release.kind,
			files: release.files.size,
			added: release.plan.added.length,
			changed: release.plan.changed.length,
			removed: release.plan.removed.length,
			active: release === this.releases.at(-1),
			rollback_of: release.rollbackOf,
		};
	}
}

function diff(from: Map<string, string>, to: Map<string, string>) {
	return {
		added: [...to.keys()].filter((slug) => !from.has(slug)).sort(),
		changed: [...to.keys()].filter((slug) => from.has(slug) && from.get(slug) !== to.get(slug)).sort(),
		removed: [...from.keys()].filter((slug) => !to.has(slug)).sort(),
	};
}

export function wpError(status: number, code: string, message: string, data: Record<string, unknown> = {}): Reply {
	return { status, json: { code, message, data: { status, ...data } } };
}
