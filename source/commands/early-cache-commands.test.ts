/**
 * The early cache from the CLI, in-process against the WordPress stand-in (test/fakes/), piped like
 * CI: the CACHE HITS column of `svc api list`. The real plugin is exercised by test/e2e/.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeSite, PASSWORD, USER } from '../../test/fakes/fake-site.js';
import { useTempDir } from '../../test/fakes/temp-dir.js';
import { fakeIo } from '../../test/fakes/fake-io.js';
import type { SvcError } from '../core/errors.js';
import { declarationOf, type ApiListCommand } from './registry.js';
import { reportError } from './shared/report.js';

const site = new FakeSite();
const temp = useTempDir('svc-early-cache-commands-');

beforeAll(async () => {
	await site.start();
});

afterAll(async () => {
	await site.stop();
});

beforeEach(() => {
	site.reset();
	site.files.set('users/[id]', '<?php\n// users\n');
	site.cacheCounts.set('hello', { hits: 12, misses: 3 });
});

async function run(command: ApiListCommand) {
	const { io, written } = fakeIo({ SVC_URL: site.url, SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD }, temp.dir, '', temp.configDir);
	let exitCode: number;
	let error: unknown;
	try {
		exitCode = await (await declarationOf(command.name).runner()).run(command, io);
	} catch (caught) {
		error = caught;
		exitCode = reportError(io, caught, command.json);
	}
	return { exitCode, error: error as SvcError | undefined, ...written };
}

describe('svc api list and the early cache', () => {
	it('piped: CACHE HITS shows hits / misses, blank on a route not cached early; --json passes them as earlyCache', async () => {
		const text = await run({ name: 'api list', json: false, site: undefined });
		expect(text.exitCode).toBe(0);
		expect(text.stdout.split('\n')).toEqual([
			'ROUTE                   FILE            METHODS  CACHE HITS',
			'/svc-api/v1/hello       hello.php       GET      12 / 3',
			'/svc-api/v1/users/[id]  users/[id].php  GET',
			'',
		]);
		const json = JSON.parse((await run({ name: 'api list', json: true, site: undefined })).stdout) as { slug: string; earlyCache: unknown }[];
		expect(json.map((record) => [record.slug, record.earlyCache])).toEqual([
			['hello', { hits: 12, misses: 3 }],
			['users/[id]', null],
		]);
	});

	it('leaves CACHE HITS out for a site that counts no route (an older plugin)', async () => {
		site.cacheCounts.clear();
		expect((await run({ name: 'api list', json: false, site: undefined })).stdout.split('\n')[0]).toBe('ROUTE                   FILE            METHODS');
	});
});
