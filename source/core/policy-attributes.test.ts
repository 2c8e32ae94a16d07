import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { integerRange, isAttributeClass, POLICY_ATTRIBUTES } from './policy-attributes.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'policy-attributes.json');
const doc = (name: string): string => readFileSync(path.join(ROOT, 'docs', name), 'utf8');

describe('policy attributes', () => {
	it('are the descriptors the plugin holds (the shared fixture, read by PolicyAttributesTest.php too)', () => {
		const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { attributes: unknown[] };
		expect(POLICY_ATTRIBUTES).toStrictEqual(fixture.attributes);
		// Parameters are positional: their order is part of the descriptor.
		expect(POLICY_ATTRIBUTES.map((descriptor) => Object.keys(descriptor.parameters))).toEqual(
			(fixture.attributes as { parameters: Record<string, unknown> }[]).map((descriptor) => Object.keys(descriptor.parameters)),
		);
	});

	it('are each documented: the refusal code where the API and --json name codes, the listing key where the API names its fields', () => {
		const api = doc('management-api.md');
		const json = doc('cli-json.md');
		for (const descriptor of POLICY_ATTRIBUTES) {
			expect([descriptor.name, api.includes(`| \`${descriptor.code}\` |`)]).toEqual([descriptor.name, true]);
			expect([descriptor.name, json.includes(`\`${descriptor.code}\``)]).toEqual([descriptor.name, true]);
			expect([descriptor.name, api.includes(`\`${descriptor.listing}\``)]).toEqual([descriptor.name, true]);
		}
	});

	it("are each a key of svc api list --json's route (the listing key in camelCase, docs/cli-json/common.schema.json)", () => {
		const schema = JSON.parse(readFileSync(path.join(ROOT, 'docs', 'cli-json', 'common.schema.json'), 'utf8')) as {
			$defs: { route: { required: string[]; properties: Record<string, unknown> } };
		};
		const route = schema.$defs.route;
		for (const descriptor of POLICY_ATTRIBUTES) {
			const key = descriptor.listing.replace(/_([a-z])/g, (_all, letter: string) => letter.toUpperCase());
			expect([descriptor.name, route.required.includes(key), key in route.properties]).toEqual([descriptor.name, true, true]);
		}
	});

	it("know their class as PHP resolves it, in any case, and no other attribute's", () => {
		expect(isAttributeClass('Svc\\Api\\Attribute\\RateLimit', 'RateLimit')).toBe(true);
		expect(isAttributeClass('svc\\api\\attribute\\SCHEDULE', 'Schedule')).toBe(true);
		expect(isAttributeClass('Svc\\Api\\Attribute\\Cache', 'RateLimit')).toBe(false);
		expect(isAttributeClass('App\\Attribute\\Cache', 'Cache')).toBe(false);
		expect(isAttributeClass('Cache', 'Cache')).toBe(false);
	});

	it('give an integer parameter its range, and a string one none', () => {
		expect(integerRange('RateLimit', 'per')).toEqual([1, 86400]);
		expect(integerRange('Schedule', 'recurrence')).toEqual([0, 0]);
	});
});
