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
		// Forced: an object cache keeps what this process read before, and a request waiting for
		// another's refresh, or reading again after taking the lock, must see what is stored now.
		$value = wp_cache_get( $key, self::GROUP, true );
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

	public function shared(): bool {
		return true;
	}

	public function increment( string $key ): void {
		$redis = self::redis_client();
		if ( null !== $redis ) {
			global $wp_object_cache;
			$redis->incr( (string) $wp_object_cache->build_key( $key, self::GROUP ) );
			return;
		}
		// add() is a no-op when the key exists; incr() is atomic in Memcached and APCu caches.
		wp_cache_add( $key, 0, self::GROUP );
		wp_cache_incr( $key, 1, self::GROUP );
	}

	public function counter( string $key ): int {
		$redis = self::redis_client();
		if ( null !== $redis ) {
			global $wp_object_cache;
			$value = $redis->get( (string) $wp_object_cache->build_key( $key, self::GROUP ) );
			return is_numeric( $value ) ? max( 0, (int) $value ) : 0;
		}
		$value = wp_cache_get( $key, self::GROUP, true );
		return is_numeric( $value ) ? max( 0, (int) $value ) : 0;
	}

	/**
	 * Redis Object Cache's own client, when that is the site's drop-in and Redis answers: its
	 * wp_cache_incr() is a GET then a SET that returns true, not the count, and drops the key's
	 * expiry, so counters count through the client's atomic INCR instead.
	 */
	public static function redis_client(): ?\Redis {
		global $wp_object_cache;
		if ( ! is_object( $wp_object_cache ) || ! method_exists( $wp_object_cache, 'redis_instance' ) || ! method_exists( $wp_object_cache, 'build_key' ) || ! method_exists( $wp_object_cache, 'redis_status' ) || ! $wp_object_cache->redis_status() ) {
			return null;
		}
		$client = $wp_object_cache->redis_instance();
		return class_exists( \Redis::class, false ) && $client instanceof \Redis ? $client : null;
	}
}
