<?php
/**
 * Keeps this node's route index in step with the release it serves.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

use Svc\Manifest\ManifestStore;
use Svc\Settings\RouteNamespace;

/**
 * Publishes the index the early entry point reads: when this node serves a release (a push, rm,
 * prune, rollback, promote or dev save here, or a catch-up with another node's), after a purge, and
 * when a request found the index missing or stale. With a persistent object cache it also writes
 * the stamp in force there, which is how the other nodes learn that theirs is stale. With plain
 * permalinks WordPress's REST URLs have no path of their own: the index lists no route.
 */
final class Publisher {

	/** How long the stamp stays in the object cache; a missing stamp only costs one boot to write it again. */
	private const STAMP_SECONDS = 604800;

	public function __construct(
		private readonly ManifestStore $store,
		private readonly RouteNamespace $route_namespace,
	) {
	}

	/** This site's scope (Scope), from its home URL. */
	public static function scope(): ?string {
		return Scope::of_home( home_url() );
	}

	/**
	 * Writes this node's index for release $release, the one its served tree holds (not the active
	 * one: a node that has not caught up yet must publish an index that the stamp in force finds
	 * stale, never the old tree's routes under the new stamp).
	 */
	public function publish( int $release ): bool {
		global $wpdb;
		$scope = self::scope();
		if ( null === $scope ) {
			return false;
		}
		$stamp   = IndexStamp::of( $release, Purges::serial() );
		$rest    = rest_url( $this->route_namespace->get() . '/' );
		$index   = RouteIndex::build(
			(string) wp_parse_url( $rest, PHP_URL_PATH ),
			null === wp_parse_url( $rest, PHP_URL_QUERY ) ? $this->store->verified()['files'] : array(),
			Purges::read(),
			array(
				'scope'   => $scope,
				'stamp'   => $stamp,
				'options' => $wpdb->options,
			)
		);
		$written = IndexFile::of_scope( $scope )->write( $index );
		DropIn::follow_rest_prefix();
		$store = StoreChoice::in_wordpress();
		if ( $written && $store->shared() ) {
			self::share_stamp( $stamp );
		} elseif ( $store instanceof DiskStore && RouteIndex::caches_any( $index ) ) {
			$store->prepare();
		}
		return $written;
	}

	/**
	 * Release $release is active in the database: with a shared object cache, every node's index is
	 * stale from now on, before this node swaps its tree and publishes (a worker that dies between
	 * the two leaves no node serving the release before). Without one, the database says it already.
	 */
	public static function announce( int $release ): void {
		self::share_stamp( IndexStamp::of( $release, Purges::serial() ) );
	}

	/**
	 * Puts the stamp in force where every node reads it, when the answers are in a shared object
	 * cache (without one each node asks the database: nothing to write).
	 */
	public static function share_stamp( string $stamp ): void {
		global $wpdb;
		$store = StoreChoice::in_wordpress();
		if ( $store->shared() ) {
			$store->put( StampReader::key( $wpdb->options ), $stamp, self::STAMP_SECONDS );
		}
	}

	/**
	 * Publishes when the early entry point found this node's index stale or missing on this request.
	 */
	public function refresh( int $release ): void {
		if ( defined( 'SVC_EARLY_CACHE_STALE' ) || ! defined( 'SVC_EARLY_CACHE_INDEX' ) ) {
			$scope = self::scope();
			if ( defined( 'SVC_EARLY_CACHE_STALE' ) || ( null !== $scope && ! IndexFile::of_scope( $scope )->exists() ) ) {
				$this->publish( $release );
			}
		}
	}
}
