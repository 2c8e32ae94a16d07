import { describe, expect, it } from '@jest/globals';
import { RETRIES, retryDelay, retryLine } from './retry-policy.js';

describe('retryDelay', () => {
	it('sends a request safe to repeat again after a cut connection, a timeout or a proxy page, waiting longer each time', () => {
		for (const code of ['connection_broken', 'timeout', 'proxy_error'] as const) {
			expect([1, 2, 3].map((retry) => retryDelay(code, retry, true))).toEqual([500, 1000, 2000]);
		}
	});

	it('stops after RETRIES', () => {
		expect(RETRIES).toBe(3);
		expect(retryDelay('connection_broken', RETRIES + 1, true)).toBeUndefined();
	});

	it('never sends again a request that is not safe to repeat', () => {
		expect(retryDelay('connection_broken', 1, false)).toBeUndefined();
	});

	it('says at once what waiting would not cure', () => {
		for (const code of ['unreachable', 'database_down', 'server_error', 'unauthorized', 'release_moved', 'push_rejected', 'bad_response'] as const) {
			expect(retryDelay(code, 1, true)).toBeUndefined();
		}
		expect(retryDelay(undefined, 1, true)).toBeUndefined();
	});
});

describe('retryLine', () => {
	it('names the request, the reason, the wait and that repeating it is safe', () => {
		expect(retryLine({ where: 'POST svc/v1/api-blobs', retry: 2, retries: 3, delayMs: 1000, reason: 'the connection broke (ECONNRESET)' })).toBe(
			'↻ POST svc/v1/api-blobs failed (the connection broke (ECONNRESET)); sending it again in 1 s (retry 2 of 3): it is safe to repeat.',
		);
		expect(retryLine({ where: 'GET svc/v1/api-files', retry: 1, retries: 3, delayMs: 500, reason: 'x' })).toContain('in 500 ms (retry 1 of 3)');
	});
});
