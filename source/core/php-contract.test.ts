/**
 * The CLI's local #[Args]/#[Returns] check against the fixture the plugin's PHPUnit tests run too
 * (test/php/unit/SharedSchemaRulesTest.php): same schemas refused, same words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from '@jest/globals';

import { checkRouteSource } from './php-lexical.js';

interface SchemaCase {
	readonly name: string;
	readonly body: string;
	readonly classAttribute?: string;
	readonly problem: string | null;
	readonly siteOnly?: boolean;
}

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/schema-cases.json');
const { cases } = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { cases: SchemaCase[] };
const HEAD = '<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\Returns;\n';

describe('local schema checks (shared fixture)', () => {
	it.each(cases.map((item) => [item.name, item] as const))('%s', (_name, item) => {
		const source = `${HEAD}${item.classAttribute === undefined ? '' : `${item.classAttribute}\n`}final class Route {\n${item.body}\n}\n`;
		const check = checkRouteSource(source);
		const schemaErrors = check.errors.filter((error) => error.startsWith('invalid schema: '));
		expect(check.errors.filter((error) => !error.startsWith('invalid schema: '))).toEqual([]);
		if (item.problem === null || item.siteOnly === true) {
			// Valid, or left to the site (PCRE patterns): no local error.
			expect(schemaErrors).toEqual([]);
		} else {
			expect(schemaErrors).toEqual([`invalid schema: ${item.problem}`]);
		}
	});
});
