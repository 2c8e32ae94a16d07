import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { integerRange, POLICY_ATTRIBUTES } from './policy-attributes.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'policy-attributes.json');

describe('policy attributes', () => {
	it('are the descriptors the plugin holds (the shared fixture, read by PolicyAttributesTest.php too)', () => {
		const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { attributes: unknown[] };
		expect(POLICY_ATTRIBUTES).toStrictEqual(fixture.attributes);
		// Parameters are positional: their order is part of the descriptor.
		expect(POLICY_ATTRIBUTES.map((descriptor) => Object.keys(descriptor.parameters))).toEqual(
			(fixture.attributes as { parameters: Record<string, unknown> }[]).map((descriptor) => Object.keys(descriptor.parameters)),
		);
	});

	it('give an integer parameter its range, and a string one none', () => {
		expect(integerRange('RateLimit', 'per')).toEqual([1, 86400]);
		expect(integerRange('Schedule', 'recurrence')).toEqual([0, 0]);
	});
});
