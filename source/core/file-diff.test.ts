import { describe, expect, it } from '@jest/globals';
import { fileDiff, toDiffRecord, unifiedText } from './file-diff.js';

describe('fileDiff', () => {
	it('is undefined for the same text', () => {
		expect(fileDiff('hello', 'a\n', 'a\n')).toBeUndefined();
	});

	it('compares the site (old) with api/ (new)', () => {
		const diff = fileDiff('ping', 'a\nb\n', 'a\nc\nd\n');
		expect(diff).toMatchObject({ slug: 'ping', status: 'changed', stats: { added: 2, removed: 1 } });
		expect(unifiedText(diff!, 'api')).toEqual(['--- site/ping.php', '+++ api/ping.php', '@@ -1,2 +1,3 @@', ' a', '-b', '+c', '+d']);
	});

	it('names /dev/null for the side without the file', () => {
		expect(unifiedText(fileDiff('new', undefined, 'x\n')!, 'api').slice(0, 3)).toEqual(['--- /dev/null', '+++ api/new.php', '@@ -0,0 +1 @@']);
		expect(unifiedText(fileDiff('gone', 'x\n', undefined)!, 'routes').slice(0, 3)).toEqual(['--- site/gone.php', '+++ /dev/null', '@@ -1 +0,0 @@']);
	});

	it('gives --json its hunks with unified lines', () => {
		expect(toDiffRecord(fileDiff('users/[id]', 'a\n', 'b\n')!)).toEqual({
			slug: 'users/[id]',
			file: 'users/[id].php',
			status: 'changed',
			linesAdded: 1,
			linesRemoved: 1,
			hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }],
		});
	});
});
