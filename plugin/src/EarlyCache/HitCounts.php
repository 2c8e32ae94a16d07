<?php
/**
 * Where a route's hits and misses are counted.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * One counter per site (SiteKey: one for every node, whatever host each is reached by), route and
 * kind, in the answers' store: shared by every node with a persistent object cache, this node's own
 * on disk (NodeCounts adds the other nodes'). A hit is an answer sent from the store; a miss
 * is a request WordPress computed (and the store kept when it could). Counters live as long as the
 * store keeps them: they say how the cache is doing, they are not an audit.
 */
final class HitCounts {

	public const HIT  = 'hit';
	public const MISS = 'miss';

	public static function key( string $site, string $slug, string $kind ): string {
		return 'count-' . substr( hash( 'sha256', $site . "\0" . $slug ), 0, 40 ) . '-' . ( self::HIT === $kind ? 'h' : 'm' );
	}

	/**
	 * @return array{hits: int, misses: int}
	 */
	public static function of( AnswerStore $store, string $site, string $slug ): array {
		return array(
			'hits'   => $store->counter( self::key( $site, $slug, self::HIT ) ),
			'misses' => $store->counter( self::key( $site, $slug, self::MISS ) ),
		);
	}
}
