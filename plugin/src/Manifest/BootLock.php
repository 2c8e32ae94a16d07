<?php
/**
 * The lock around read-merge-save of what requests add to a saved manifest.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\Paths;
use Svc\Storage\WriteLock;

/**
 * Requests ending at once would otherwise each save the shard or head they read, and all but the last
 * one's boot records (or meta, or a rebuild's carried-over records) would be lost. Not the writers'
 * lock: a request's end must not wait for a push.
 */
final class BootLock {

	/** @var array<string, true> The caches whose lock this process holds now. */
	private static array $held = array();

	public function __construct( private readonly Paths $paths ) {
	}

	/**
	 * Re-entrant: work done under the lock may rebuild the manifest, which takes it again (MetaStore
	 * with no head saved), and flock() on a second handle would wait for this process forever.
	 *
	 * @param callable(): void $work
	 */
	public function hold( callable $work ): void {
		$cache = $this->paths->cache();
		if ( isset( self::$held[ $cache ] ) ) {
			$work();
			return;
		}
		self::$held[ $cache ] = true;
		try {
			$this->lock( $work );
		} finally {
			unset( self::$held[ $cache ] );
		}
	}

	/**
	 * @param callable(): void $work
	 */
	private function lock( callable $work ): void {
		try {
			WriteLock::hold( $this->paths->cache(), $work, '.boot.lock' );
		} catch ( \RuntimeException $error ) {
			// No lock to be had (a read-only cache): saving is only an optimization, so save unlocked.
			unset( $error );
			$work();
		}
	}
}
