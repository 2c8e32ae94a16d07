<?php
/**
 * Which store the early cache uses on this site.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * The site's persistent object cache when it has one (every web node shares it), else the local
 * disk. Before WordPress starts its object cache, svc starts it as page caches do: the drop-in is
 * included once (WordPress's own require_once then skips it) and initialised.
 */
final class StoreChoice {

	public static function early( string $disk_directory ): AnswerStore {
		$drop_in = WP_CONTENT_DIR . '/object-cache.php';
		if ( is_file( $drop_in ) ) {
			require_once $drop_in; // @phpstan-ignore requireOnce.fileNotFound (the site's drop-in, there at run time)
			if ( function_exists( 'wp_cache_init' ) && function_exists( 'wp_cache_add_global_groups' ) ) {
				wp_cache_init();
				wp_cache_add_global_groups( array( ObjectCacheStore::GROUP ) );
				return new ObjectCacheStore();
			}
		}
		return new DiskStore( $disk_directory );
	}
}
