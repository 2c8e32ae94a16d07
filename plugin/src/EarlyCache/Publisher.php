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
		return $this->publish_for( $release, self::stamp_options() );
	}

	/**
	 * @param array<string, string> $options The stamp's two options as the table holds them now (stamp_options()).
	 */
	private function publish_for( int $release, array $options ): bool {
		global $wpdb;
		$scope = self::scope();
		if ( null === $scope ) {
			return false;
		}
		$stamp   = self::current( $release, $options );
		$rest    = rest_url( $this->route_namespace->get() . '/' );
		$index   = RouteIndex::build(
			(string) wp_parse_url( $rest, PHP_URL_PATH ),
			null === wp_parse_url( $rest, PHP_URL_QUERY ) ? $this->store->verified()['files'] : array(),
			Purges::counts( maybe_unserialize( $options[ Purges::OPTION ] ?? '' ) ),
			array(
				'scope'   => $scope,
				'stamp'   => $stamp,
				'options' => $wpdb->options,
			),
			rest_get_url_prefix()
		);
		$written = IndexFile::of_scope( $scope )->write( $index );
		DropIn::follow_rest_prefix();
		$store = StoreChoice::in_wordpress();
		if ( $store->shared() ) {
			// The stamp in force is the active release's, as the database says (StampReader): a node
			// still serving an older one (a purge by hand on it, before it caught up) must not make the
			// other nodes' indexes of that older release current again. Shared also when this node's
			// index could not be written: the other nodes' indexes are stale all the same.
			$in_force = IndexStamp::from_options( $options );
			if ( null !== $in_force ) {
				self::share_stamp( $in_force );
			}
		} elseif ( $written && $store instanceof DiskStore && RouteIndex::caches_any( $index ) ) {
			$store->prepare();
		}
		return $written;
	}

	/**
	 * Publishes after a purge. False when this node may still serve what was purged: its index could
	 * be neither written nor withdrawn (IndexFile::write()), and nothing checks that index against
	 * the stamp in force (StampReader::skipped()). Elsewhere a stale index only lets WordPress answer.
	 */
	public function publish_purged( int $release ): bool {
		if ( $this->publish( $release ) || ! StampReader::skipped() ) {
			return true;
		}
		$scope = self::scope();
		return null === $scope || ! IndexFile::of_scope( $scope )->exists();
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
	 * The active release, the purge serial and the purge counts, in one query straight from the table
	 * as the early entry point reads them without an object cache (StampReader): never an older
	 * cached copy. IndexStamp::from_options() makes the stamp in force of them. The counts come with
	 * the serial: read through get_option(), a purge's own request found its own write there while a
	 * second purge had counted since, and published the second's serial without its counts.
	 *
	 * @return array<string, string>
	 */
	private static function stamp_options(): array {
		global $wpdb;
		$rows    = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name IN (%s, %s, %s)", IndexStamp::RELEASE_OPTION, IndexStamp::SERIAL_OPTION, Purges::OPTION ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- another node's write, past this request's cache.
		$options = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$options[ (string) $row['option_name'] ] = (string) $row['option_value'];
		}
		return $options;
	}

	/**
	 * The stamp of this node's index once it serves $release.
	 *
	 * @param array<string, string> $options stamp_options().
	 */
	private static function current( int $release, array $options ): string {
		return IndexStamp::of( $release, $options[ IndexStamp::SERIAL_OPTION ] ?? '0' );
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
	 * Publishes when the early entry point found this node's index stale or missing on this request,
	 * or read one other than this node publishes now that WordPress caught up ($release, the purges).
	 * Such a request's answer is then not stored (EarlyServer): it was computed from code its key,
	 * taken from that index, does not name.
	 *
	 * For a route the index lists, only its release is compared, without a query (one on each of
	 * svc's requests cost about 1 % of a route): the key names the code that ran, and a purge since
	 * (the serial) leaves the answer right, under a key no index published from then on names; the
	 * entry point checks the stamp in force before it serves anything stored, which publishes here
	 * again. A path the index does not list is checked against the whole stamp in force: a route
	 * another node pushed, or one under a namespace changed since; so is every request on a single
	 * node, whose entry point checks nothing (a purge its index missed would be served on).
	 */
	public function refresh( int $release ): void {
		$scope   = self::scope();
		$read    = defined( 'SVC_EARLY_CACHE_INDEX_STAMP' ) ? (string) SVC_EARLY_CACHE_INDEX_STAMP : null;
		$options = null;
		if ( ! defined( 'SVC_EARLY_CACHE_STALE' ) && null !== $read ) {
			// A single node's entry point trusts its index (StampReader::skipped()): the purges are checked here.
			if ( ! defined( 'SVC_EARLY_CACHE_ROUTE' ) || StampReader::skipped() ) {
				$options = self::stamp_options();
			}
			$behind = null === $options ? ! IndexStamp::lists_release( $read, $release ) : ! IndexStamp::fresh( $read, self::current( $release, $options ) );
			if ( $behind ) {
				define( 'SVC_EARLY_CACHE_STALE', true );
				$options ??= self::stamp_options();
				// The requests under way as a release went live all read the old index: the first publishes.
				if ( null !== $scope && ( IndexFile::of_scope( $scope )->read()['stamp'] ?? null ) === self::current( $release, $options ) ) {
					return;
				}
			}
		}
		if ( defined( 'SVC_EARLY_CACHE_STALE' ) || ! defined( 'SVC_EARLY_CACHE_INDEX' ) ) {
			if ( defined( 'SVC_EARLY_CACHE_STALE' ) || ( null !== $scope && ! IndexFile::of_scope( $scope )->exists() ) ) {
				$this->publish_for( $release, $options ?? self::stamp_options() );
			}
		}
	}
}
