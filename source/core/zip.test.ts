import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createZip } from './zip.js';

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'svc-zip-'));
});
afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

const MODIFIED = new Date(2024, 4, 17, 13, 45, 30);

describe('createZip', () => {
	const text = Buffer.from('<?php\n'.repeat(200));
	const tiny = Buffer.from('x');
	const unicode = Buffer.from('café ☕\n');
	const zipFile = (): string => {
		const file = path.join(dir, 'test.zip');
		writeFileSync(
			file,
			createZip([
				{ name: 'svc/', modified: MODIFIED, mode: 0o755 },
				{ name: 'svc/svc.php', data: text, modified: MODIFIED, mode: 0o644 },
				{ name: 'svc/tiny.txt', data: tiny, modified: MODIFIED, mode: 0o644 },
				{ name: 'svc/src/', modified: MODIFIED, mode: 0o755 },
				{ name: 'svc/src/ünïcode.txt', data: unicode, modified: MODIFIED, mode: 0o600 },
			]),
		);
		return file;
	};

	it('is read by Python\'s zipfile: names, sizes, deflate or store, dates, Unix modes', () => {
		const script = [
			'import json, sys, zipfile',
			'z = zipfile.ZipFile(sys.argv[1])',
			'assert z.testzip() is None',
			'print(json.dumps([[i.filename, i.file_size, i.compress_type, list(i.date_time), i.external_attr >> 16, z.read(i).decode()] for i in z.infolist()]))',
		].join('\n');
		const entries = JSON.parse(execFileSync('python3', ['-c', script, zipFile()], { encoding: 'utf8' })) as unknown[][];
		const date = [2024, 5, 17, 13, 45, 30];
		expect(entries).toEqual([
			['svc/', 0, 0, date, 0o040755, ''],
			['svc/svc.php', text.length, 8, date, 0o100644, text.toString()],
			['svc/tiny.txt', 1, 0, date, 0o100644, 'x'],
			['svc/src/', 0, 0, date, 0o040755, ''],
			['svc/src/ünïcode.txt', unicode.length, 0, date, 0o100600, unicode.toString()],
		]);
	});

	it('passes unzip -t and extracts byte for byte', () => {
		const file = zipFile();
		expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
		const out = path.join(dir, 'out');
		execFileSync('unzip', ['-q', '-o', file, '-d', out]);
		expect(readFileSync(path.join(out, 'svc', 'svc.php'))).toEqual(text);
		expect(readFileSync(path.join(out, 'svc', 'src', 'ünïcode.txt'))).toEqual(unicode);
	});
});
