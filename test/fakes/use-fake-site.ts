/**
 * One fake site for a test file: started before its first test, stopped after its last, and reset
 * to a fresh site (one route, no releases, the current plugin) before each test. Call at the top of
 * a test file.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';

import { FakeSite } from './fake-site.js';

export function useFakeSite(): FakeSite {
	const site = new FakeSite();
	beforeAll(async () => {
		await site.start();
	});
	afterAll(async () => {
		await site.stop();
	});
	beforeEach(() => {
		site.reset();
	});
	return site;
}
