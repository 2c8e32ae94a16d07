/**
 * Stopping a test site's processes from outside, as a host (or a crash) would, and waiting until
 * they are gone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { WordPressSite } from './site.js';

/** Polls every 25 ms until process `pid` no longer exists; throws naming `what` after `ms`. */
export async function untilGone(pid: number, ms: number, what: string): Promise<void> {
	for (let waited = 0; waited < ms; waited += 25) {
		try {
			process.kill(pid, 0);
		} catch {
			return;
		}
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	throw new Error(`${what} did not stop within ${ms / 1000} s`);
}

/**
 * Stops the site's MariaDB as a host's shutdown does (SIGTERM) and waits until it is gone. Not
 * SIGKILL: the harness runs it with innodb_flush_log_at_trx_commit=0 for speed, so a killed server
 * loses its last commits, which a production server (=1) keeps.
 */
export async function stopDatabase(site: WordPressSite): Promise<void> {
	const pid = Number(readFileSync(path.join(site.root, 'mariadb.pid'), 'utf8').trim());
	process.kill(pid, 'SIGTERM');
	await untilGone(pid, 20_000, 'mariadbd');
}

/** Kills a PHP worker outright (SIGKILL) and waits until it is gone. */
export async function killWorker(pid: number): Promise<void> {
	process.kill(pid, 'SIGKILL');
	await untilGone(pid, 10_000, `worker ${pid}`);
}
