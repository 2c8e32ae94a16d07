/**
 * Watches a directory tree for any change, whatever way a file was written. One watch per
 * directory, never per file: a file replaced by a rename (sed -i, an editor's safe write, mv over
 * it, git checkout) is a new inode, and a watch on the old one hears nothing more, which is how
 * Node's recursive watch on Linux lost every later save. After each burst of events the watches are
 * re-armed from a fresh walk (a directory moved in, or replaced, gets its own), and the tree's root
 * is watched from its parent too, so that replacing api/ itself is heard. Callers must not trust
 * events for what changed: onChange says only "look again" (svc dev rescans by content hash).
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface TreeWatcher {
	close(): void;
}

/** Directory path → inode: what is watched, or what a walk found. */
export type DirInodes = ReadonlyMap<string, number>;

/** The watches to open and close so that exactly the found directories are watched, each by its inode. */
export function planWatches(watched: DirInodes, found: DirInodes): { open: string[]; close: string[] } {
	return {
		open: [...found].filter(([dir, inode]) => watched.get(dir) !== inode).map(([dir]) => dir),
		close: [...watched].filter(([dir, inode]) => found.get(dir) !== inode).map(([dir]) => dir),
	};
}

/** How long a burst of events may go on before the watches are re-armed and onChange is called. */
const SETTLE_MS = 15;

export function watchTree(root: string, onChange: () => void): TreeWatcher {
	const watchers = new Map<string, { watcher: FSWatcher; inode: number }>();
	let timer: NodeJS.Timeout | undefined;
	let closed = false;

	const settle = () => {
		timer = undefined;
		if (closed) return;
		rearm();
		onChange();
	};
	const heard = () => {
		if (closed || timer !== undefined) return;
		timer = setTimeout(settle, SETTLE_MS);
	};
	const rearm = () => {
		const found = walkDirs(root);
		const watched = new Map([...watchers].map(([dir, entry]) => [dir, entry.inode]));
		const { open, close } = planWatches(watched, found);
		for (const dir of close) {
			watchers.get(dir)?.watcher.close();
			watchers.delete(dir);
		}
		for (const dir of open) {
			try {
				// Dot files (editor swap and backup files) are never routes: they need no rescan.
				const watcher = watch(dir, { persistent: true }, (_event, name) => {
					if (name === null || !name.startsWith('.')) heard();
				});
				// A directory removed under its watch: the next walk drops it; nothing to report.
				watcher.on('error', () => heard());
				watchers.set(dir, { watcher, inode: found.get(dir) ?? 0 });
			} catch {
				// Gone between the walk and the watch: the event that removed it re-arms again.
			}
		}
	};

	// The parent hears api/ itself created, removed or replaced.
	const rootName = path.basename(root);
	let parent: FSWatcher | undefined;
	try {
		parent = watch(path.dirname(root), { persistent: true }, (_event, name) => {
			if (name === null || name === rootName) heard();
		});
		parent.on('error', () => undefined);
	} catch {
		parent = undefined;
	}
	rearm();
	return {
		close() {
			closed = true;
			if (timer !== undefined) clearTimeout(timer);
			parent?.close();
			for (const { watcher } of watchers.values()) watcher.close();
			watchers.clear();
		},
	};
}

/** Every directory of the tree (dot directories aside: svc never deploys from them), with its inode. */
function walkDirs(root: string): Map<string, number> {
	const found = new Map<string, number>();
	const visit = (dir: string) => {
		let inode: number;
		try {
			inode = statSync(dir).ino;
		} catch {
			return;
		}
		found.set(dir, inode);
		let entries;
		try {
			entries = readdirSync(dir, { withFileTypes: true });
		} catch {
			return;
		}
		for (const entry of entries) {
			if (entry.isDirectory() && !entry.name.startsWith('.')) visit(path.join(dir, entry.name));
		}
	};
	visit(root);
	return found;
}
