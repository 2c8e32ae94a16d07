import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { planWatches, watchTree, type TreeWatcher } from './tree-watcher.js';

describe('planWatches', () => {
	it('opens new directories and those replaced (another inode), closes the gone', () => {
		const watched = new Map([['/a', 1], ['/a/b', 2], ['/a/gone', 3]]);
		const found = new Map([['/a', 1], ['/a/b', 9], ['/a/new', 4]]);
		expect(planWatches(watched, found)).toEqual({ open: ['/a/b', '/a/new'], close: ['/a/b', '/a/gone'] });
	});
});

describe('watchTree', () => {
	let root = '';
	let watcher: TreeWatcher | undefined;
	afterEach(() => {
		watcher?.close();
		rmSync(path.dirname(root), { recursive: true, force: true });
	});

	/** Resolves at the next change heard, or fails after a while. */
	const start = () => {
		let waiting: (() => void) | undefined;
		let heard = 0;
		watcher = watchTree(root, () => {
			heard += 1;
			waiting?.();
		});
		return async (change: () => void) => {
			const before = heard;
			const done = new Promise<void>((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error('no change heard')), 3000);
				waiting = () => {
					if (heard > before) {
						clearTimeout(timer);
						resolve();
					}
				};
			});
			change();
			await done;
		};
	};

	it('hears every later save of a file replaced by a rename, in a directory moved in, and api/ itself replaced', async () => {
		root = path.join(mkdtempSync(path.join(os.tmpdir(), 'svc-tree-')), 'api');
		mkdirSync(root);
		const file = path.join(root, 'a.php');
		writeFileSync(file, '1');
		const heard = start();
		for (let save = 0; save < 3; save++) {
			await heard(() => {
				writeFileSync(`${file}.tmp`, String(save));
				renameSync(`${file}.tmp`, file);
			});
		}
		await heard(() => writeFileSync(file, 'in place'));
		const outside = path.join(path.dirname(root), 'moved');
		mkdirSync(path.join(outside, 'deep'), { recursive: true });
		writeFileSync(path.join(outside, 'deep', 'b.php'), '1');
		await heard(() => renameSync(outside, path.join(root, 'moved')));
		await heard(() => writeFileSync(path.join(root, 'moved', 'deep', 'b.php'), '2'));
		const other = path.join(path.dirname(root), 'api-new');
		mkdirSync(other);
		await heard(() => {
			renameSync(root, `${root}-old`);
			renameSync(other, root);
		});
		await heard(() => writeFileSync(path.join(root, 'c.php'), '1'));
	});
});
