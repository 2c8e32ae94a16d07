<?php
/**
 * The modification time svc gives a PHP file it has just written under a new name.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * opcache does not cache a file modified less than opcache.file_update_protection seconds ago (2 by
 * default): it may still be being written. Until then every request that includes it compiles it
 * again. After each release that was every reader's request for two seconds: the release's manifest
 * shards and route files are new files (measured: about 1 ms more CPU per request, 6 %, for a
 * one-route site; more for a large one).
 *
 * svc writes each of those complete, then renames it into place; so it may say the file is older,
 * and opcache caches it at once. A file svc writes over (a manifest head records the first boot of
 * a new route file, right after the release) is dated back only while that keeps its versions' times
 * rising: opcache, when it revalidates, compares the time alone, and two versions given the same time
 * could be taken for one another. With no room left in this second, the next keeps its real time
 * (and is not cached for two seconds, which is what makes equal real times safe).
 */
final class SettledTime {

	/** Beyond this, a setting is taken as a mistake: the file is never dated back further. */
	private const MOST_SECONDS = 3600;

	/**
	 * How far past the protection a new file is dated: room for versions written over it in the
	 * same second, each a second later than the one before (measured: a release and the requests
	 * right after it wrote the head of its manifest three times in one second).
	 */
	private const ROOM = 10;

	/**
	 * The latest time opcache caches at $now: not later than $now minus the protection.
	 *
	 * @param mixed $protection ini_get( 'opcache.file_update_protection' ): a number of seconds, or false.
	 */
	public static function latest( int $now, mixed $protection ): int {
		$seconds = is_numeric( $protection ) ? max( 0, min( self::MOST_SECONDS, (int) $protection ) ) : 2;
		return $now - $seconds;
	}

	/**
	 * A time opcache's protection has already passed at $now, with room for later versions.
	 *
	 * @param mixed $protection As for latest().
	 */
	public static function for_new_file( int $now, mixed $protection ): int {
		return self::latest( $now, $protection ) - self::ROOM;
	}

	/**
	 * The time for a new version of a file whose version now has $old_mtime, or null to keep the real
	 * time: a second later than the old version's, and no earlier than for_new_file(), while opcache
	 * still caches that at $now; so every version svc writes has a later time than the one before it.
	 *
	 * @param mixed     $protection As for latest().
	 * @param int|false $old_mtime  filemtime() of the version replaced; false when it could not be read.
	 */
	public static function for_rewritten_file( int $now, mixed $protection, int|false $old_mtime ): ?int {
		if ( false === $old_mtime ) {
			return null;
		}
		$time = max( self::for_new_file( $now, $protection ), $old_mtime + 1 );
		return $time <= self::latest( $now, $protection ) ? $time : null;
	}
}
