<?php
/**
 * Whether a node's route index is the one in force.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Each web node keeps its own route index, published when it serves a release; the database says
 * which release is active and how many purges there were. The index records the stamp it was built
 * for, and the early entry point compares it with the stamp in force before it serves a stored
 * answer: a node that has not caught up with another node's push (or purge) serves nothing stored
 * and lets WordPress boot, which catches up and publishes the new index. The stamp in force is read
 * from the shared object cache when the site has one (publishing keeps it there), else from the
 * database's two options.
 */
final class IndexStamp {

	/** The options the stamp is made of: the active release (ReleaseStore) and the purge serial. */
	public const RELEASE_OPTION = 'svc_active_release';
	public const SERIAL_OPTION  = 'svc_early_cache_serial';

	/** What the serial becomes while svc is deactivated: no index matches it, nothing is served early. */
	public const OFF = 'off';

	public static function of( int $release, string $serial ): string {
		return $release . ':' . $serial;
	}

	/**
	 * The stamp in force from the rows of the options table (name => value); null when the active
	 * release is not there or the early cache is off.
	 *
	 * @param array<mixed> $rows
	 */
	public static function from_options( array $rows ): ?string {
		// No release yet: the files found on disk are served, as release 0.
		$release = $rows[ self::RELEASE_OPTION ] ?? '0';
		$serial  = $rows[ self::SERIAL_OPTION ] ?? '0';
		if ( ! is_string( $release ) || 1 !== preg_match( '/^[0-9]{1,18}$/D', $release ) || ! is_string( $serial ) || self::OFF === $serial || 1 !== preg_match( '/^[0-9]{1,18}$/D', $serial ) ) {
			return null;
		}
		return self::of( (int) $release, (string) (int) $serial );
	}

	/**
	 * True when an index built for $published lists the routes of release $release: the code a
	 * request runs once WordPress serves that release, whatever was purged since.
	 */
	public static function lists_release( ?string $published, int $release ): bool {
		return null !== $published && 1 === preg_match( '/^([0-9]{1,18}):/', $published, $match ) && (string) $release === $match[1];
	}

	/**
	 * True when an index built for $published may be served from, $current being the stamp in force.
	 */
	public static function fresh( ?string $published, ?string $current ): bool {
		return null !== $published && null !== $current && '' !== $published && $published === $current;
	}
}
