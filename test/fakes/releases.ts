/**
 * A kept release as the site client parses it, for tests of what shows releases.
 */
import type { Release } from '../../source/core/site-client.js';

export const release = (id: number, extra: Partial<Release> = {}): Release => ({
	id,
	created: '2026-11-22T21:04:05Z',
	user: { id: 1, login: 'admin' },
	kind: 'push',
	files: 3,
	added: 1,
	changed: 0,
	removed: 0,
	active: false,
	rollbackOf: null,
	promotedFrom: null,
	message: null,
	...extra,
});
