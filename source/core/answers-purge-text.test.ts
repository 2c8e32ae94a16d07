import { describe, expect, it } from '@jest/globals';

import { answersPurgedField, answersPurgeWarning } from './answers-purge-text.js';
import { unsafeControls } from './terminal-text.js';

describe('answersPurgeWarning', () => {
	it('says nothing when the answers went, or when the plugin does not purge on a change', () => {
		expect(answersPurgeWarning({ answersPurged: true }, 'API_KEY')).toBeUndefined();
		expect(answersPurgeWarning({}, 'API_KEY')).toBeUndefined();
	});

	it('says which secret, that old answers may be served, and how to purge them', () => {
		const line = answersPurgeWarning({ answersPurged: false, purgeProblem: 'another purge is running' }, 'API_KEY') ?? '';
		expect(line).toContain('API_KEY');
		expect(line).toContain('(another purge is running)');
		expect(line).toContain('svc api cache purge');
		expect(line.endsWith('\n')).toBe(true);
	});

	it('repeats the --site the command was given in the purge it advises, quoted for a shell', () => {
		expect(answersPurgeWarning({ answersPurged: false }, 'API_KEY', 'staging') ?? '').toContain('Run "svc api cache purge --site staging"');
		expect(answersPurgeWarning({ answersPurged: false }, 'API_KEY', 'my site;rm') ?? '').toContain("--site 'my site;rm'");
	});

	it("shows the site's reason with its controls escaped, never driving the terminal", () => {
		const line = answersPurgeWarning({ answersPurged: false, purgeProblem: 'disk\u001b]52;c;Zm9v\u0007 full\nfake line' }, 'API_KEY') ?? '';
		expect(unsafeControls(line)).toEqual([]);
		expect(line.split('\n')).toHaveLength(2);
		expect(line).toContain('\\x1b');
	});
});

describe('answersPurgedField', () => {
	it('keeps for --json what the site said, and nothing when it said nothing', () => {
		expect(answersPurgedField({ answersPurged: false, purgeProblem: 'why' })).toEqual({ answersPurged: false, purgeProblem: 'why' });
		expect(answersPurgedField({ answersPurged: true })).toEqual({ answersPurged: true });
		expect(answersPurgedField({})).toEqual({});
	});
});
