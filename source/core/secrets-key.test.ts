import { describe, expect, it } from '@jest/globals';

import { keyExposureWarning, parseKeySource } from './secrets-key.js';

describe('secrets key source', () => {
	it('reads the three sources the site names and nothing else', () => {
		expect(['constant', 'config-salts', 'database-salts'].map(parseKeySource)).toEqual(['constant', 'config-salts', 'database-salts']);
		for (const other of [undefined, null, 'salts', 'DATABASE-SALTS', 1, ['database-salts']]) expect(parseKeySource(other)).toBeUndefined();
	});

	it('warns only when the key is kept in the database, naming the fix', () => {
		expect(keyExposureWarning('database-salts')).toMatch(/^⚠ .*database dump holds both the sealed secrets and the key.*Define SVC_SECRETS_KEY in wp-config\.php.*\n$/);
		expect(keyExposureWarning('config-salts')).toBeUndefined();
		expect(keyExposureWarning('constant')).toBeUndefined();
		expect(keyExposureWarning(undefined)).toBeUndefined();
	});
});
