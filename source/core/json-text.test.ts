import { describe, expect, it } from '@jest/globals';
import { jsonText } from './json-text.js';

describe('jsonText', () => {
	const hostile = { error: 'ok \u009b2J \u0085 \u0080\u009f end\u2028\u2029', [`key\u009b`]: ['\u001b[31m'], plain: 'é 漢 😀 \u00a0' };

	it('writes C1 controls and U+2028/U+2029 as \\u escapes, in keys and values alike', () => {
		const text = jsonText(hostile, 2);
		expect(text).not.toMatch(/[\u0080-\u009f\u2028\u2029]/);
		expect(text).toContain('"ok \\u009b2J \\u0085 \\u0080\\u009f end\\u2028\\u2029"');
		expect(text).toContain('"key\\u009b"');
		// JSON's own escapes stay as JSON.stringify writes them.
		expect(text).toContain('"\\u001b[31m"');
	});

	it('is the same value, lossless, and printable Unicode (U+00A0 on) stays as it is', () => {
		expect(JSON.parse(jsonText(hostile))).toEqual(hostile);
		expect(jsonText(hostile)).toContain('é 漢 😀 \u00a0');
	});

	it('keeps the layout JSON.stringify gives', () => {
		expect(jsonText({ a: [1, 'b'] }, 2)).toBe(JSON.stringify({ a: [1, 'b'] }, null, 2));
		expect(jsonText({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
	});
});
