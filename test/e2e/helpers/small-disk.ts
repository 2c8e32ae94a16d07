/**
 * A small file system of its own for a folder of a test site (a tmpfs mounted over it), so that a
 * test can fill it to the last byte: a full disk is then that folder's alone, as on a host whose
 * uploads volume fills up. Mounting needs root (CAP_SYS_ADMIN); canMountTmpfs() says whether this
 * process can, by trying once.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let probed: boolean | undefined;

export function canMountTmpfs(): boolean {
	if (probed !== undefined) return probed;
	probed = false;
	if (process.platform !== 'linux' || process.getuid?.() !== 0) return probed;
	const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-tmpfs-probe-'));
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
		execFileSync('umount', [dir], { stdio: 'ignore' });
		probed = true;
	} catch {
		probed = false;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	return probed;
}

/** Mounts a tmpfs of `megabytes` over `dir`, holding what `dir` held (owner and mode kept). */
export function mountSmallDisk(dir: string, megabytes: number): { unmount(): void } {
	mkdirSync(dir, { recursive: true });
	const aside = `${dir}.aside`;
	const { uid, gid } = statSync(dir);
	renameSync(dir, aside);
	mkdirSync(dir);
	execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755,uid=${uid},gid=${gid}`, 'tmpfs', dir]);
	execFileSync('cp', ['-a', `${aside}/.`, dir]);
	rmSync(aside, { recursive: true, force: true });
	return { unmount: () => execFileSync('umount', ['-l', dir]) };
}

/** Fills the file system `file` is on to its last byte, with `file`. */
export function fillDisk(file: string): void {
	const fd = openSync(file, 'a');
	try {
		for (const size of [1 << 20, 1 << 12, 1]) {
			const chunk = Buffer.alloc(size, 0x2e);
			try {
				for (;;) writeSync(fd, chunk);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
			}
		}
	} finally {
		closeSync(fd);
	}
}
