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
 * svc writes each of those under a name no file had before, complete, then renames it into place;
 * so it may say the file is older, and opcache caches it at once. Only for new names: a file
 * rewritten in place keeps its real time, since opcache, when it revalidates, compares the time
 * alone, and two versions given the same time could be taken for one another.
 */
final class SettledTime {

	/** Beyond this, a setting is taken as a mistake: the file is never dated back further. */
	private const MOST_SECONDS = 3600;

	/**
	 * A time opcache's protection has already passed at $now.
	 *
	 * @param mixed $protection ini_get( 'opcache.file_update_protection' ): a number of seconds, or false.
	 */
	public static function for_new_file( int $now, mixed $protection ): int {
		$seconds = is_numeric( $protection ) ? max( 0, min( self::MOST_SECONDS, (int) $protection ) ) : 2;
		return $now - $seconds - 1;
	}
}
