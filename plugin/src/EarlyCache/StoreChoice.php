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
 * disk. Before WordPress starts its object cache (from advanced-cache.php), svc starts it as page
 * caches do: the drop-in is included once (WordPress's own require_once then skips it) and
 * initialised. Once WordPress started it (svc's plugin file, WP-CLI, the admin), it is used as is.
 */
final class StoreChoice {

	/** The answers on disk, beside the published indexes. */
	public static function disk_directory(): string {
		return WP_CONTENT_DIR . '/svc/early-cache/answers';
	}

	/**
	 * Made when first used (LazyStore): a page never starts the object cache twice.
	 */
	public static function early(): AnswerStore {
		return new LazyStore( static fn (): AnswerStore => self::started() ?? self::start() );
	}

	/**
	 * The store WordPress's running object cache gives; null before WordPress started one.
	 */
	private static function started(): ?AnswerStore {
		if ( ! function_exists( 'wp_using_ext_object_cache' ) || ! isset( $GLOBALS['wp_object_cache'] ) ) {
			return null;
		}
		if ( ! wp_using_ext_object_cache() ) {
			return new DiskStore( self::disk_directory() );
		}
		// Global: one key for the whole network, whichever site is current (the key has the scope).
		wp_cache_add_global_groups( array( ObjectCacheStore::GROUP ) );
		return new ObjectCacheStore();
	}

	private static function start(): AnswerStore {
		$drop_in = WP_CONTENT_DIR . '/object-cache.php';
		if ( is_file( $drop_in ) ) {
			require_once $drop_in; // @phpstan-ignore requireOnce.fileNotFound (the site's drop-in, there at run time)
			if ( function_exists( 'wp_cache_init' ) && function_exists( 'wp_cache_add_global_groups' ) ) {
				wp_cache_init();
				wp_cache_add_global_groups( array( ObjectCacheStore::GROUP ) );
				return new ObjectCacheStore();
			}
		}
		return new DiskStore( self::disk_directory() );
	}

	/**
	 * The store as WordPress sees it once loaded (publishing, purging, counting for the listing).
	 */
	public static function in_wordpress(): AnswerStore {
		return self::started() ?? new DiskStore( self::disk_directory() );
	}
}
