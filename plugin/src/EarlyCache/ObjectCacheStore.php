<?php
/**
 * Answers kept in the site's persistent object cache.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Through WordPress's object cache API, which the drop-in (`object-cache.php`, e.g. Redis Object
 * Cache) provides once `wp_cache_init()` ran; every web node shares it, so a stored answer and a
 * refresh lock are seen by all. `wp_cache_add` is atomic in such caches, which makes it the lock.
 */
final class ObjectCacheStore implements AnswerStore {

	/** The group of every key: a global group, so a network's sites are told apart by AnswerKey's scope. */
	public const GROUP = 'svc_early_cache';

	public function get( string $key ): ?string {
		$value = wp_cache_get( $key, self::GROUP );
		return is_string( $value ) ? $value : null;
	}

	public function put( string $key, string $value, int $seconds ): bool {
		return wp_cache_set( $key, $value, self::GROUP, max( 1, $seconds ) );
	}

	public function lock( string $key, int $seconds ): bool {
		return wp_cache_add( $key . '-lock', 1, self::GROUP, max( 1, $seconds ) );
	}

	public function unlock( string $key ): void {
		wp_cache_delete( $key . '-lock', self::GROUP );
	}
}
