<?php
/**
 * The early cache's answer to one request, decided before WordPress loads.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

use Closure;

/**
 * Joins the rules: the path names one route (RouteIndex) whose GET is cached and public; the request
 * may share an answer (SharedRequest); the key (AnswerKey) finds a stored answer whose age
 * (AnswerAge) and the refresh lock decide the plan (HitPlan). Reads the store, takes the lock when the
 * answer is not fresh, and writes nothing else: the caller sends, waits or lets WordPress compute.
 *
 * @phpstan-import-type Index from RouteIndex
 * @phpstan-import-type Cached from RouteIndex
 * @phpstan-import-type Answer from StoredAnswer
 * @phpstan-type Outcome array{action: string, reason?: string, slug?: string, key?: string, cache?: Cached, answer?: Answer, method?: string, if_none_match?: string}
 */
final class Lookup {

	/** The request is none of the early cache's business: WordPress answers it as always. */
	public const BYPASS = 'bypass';

	/** This node's index was built for another release or before a purge: WordPress catches up. */
	public const STALE = 'stale_index';

	/**
	 * @param Index                       $index
	 * @param (Closure(): ?string)|null   $stamp The stamp in force (StampReader); null: the index is trusted.
	 */
	public function __construct(
		private readonly AnswerStore $store,
		private readonly array $index,
		private readonly string $scope,
		private readonly ?Closure $stamp = null,
	) {
	}

	/** The site as every node names it, for its hit counts (SiteKey). */
	public function site(): string {
		return SiteKey::of( (string) ( $this->index['options'] ?? '' ) );
	}

	/**
	 * @param array<mixed> $server  `$_SERVER`.
	 * @param array<mixed> $cookies `$_COOKIE`.
	 * @param array<mixed> $query   `$_GET`.
	 * @return Outcome `action` is BYPASS (with `reason`) or one of HitPlan's, with the request's
	 *                 method and validator a stored answer is sent for (Reply).
	 */
	public function run( array $server, array $cookies, array $query, int $now ): array {
		$uri   = is_string( $server['REQUEST_URI'] ?? null ) ? $server['REQUEST_URI'] : '';
		$path  = RouteIndex::request_path( $uri );
		$route = '' === $path ? null : RouteIndex::find( $this->index, $path );
		if ( null === $route ) {
			return self::bypass( 'not_a_route' );
		}
		$cache = $route['cache'];
		if ( null === $cache ) {
			return self::bypass( 'not_cached' );
		}
		$refusal = SharedRequest::refusal( $server, $cookies, $query, $cache['args'] );
		if ( null !== $refusal ) {
			return self::bypass( $refusal );
		}
		$args = array(
			'path'  => $route['params'],
			'query' => $query,
		);
		$key  = AnswerKey::for( $this->scope, $route['slug'], $cache['hash'], $args );
		if ( null === $key ) {
			return self::bypass( 'unencodable' );
		}
		list( $answer, $age ) = $this->read( $key, $cache, $now );
		$method               = RequestLine::method( $server );
		$if_none_match        = RequestLine::if_none_match( $server );
		$stores               = HitPlan::stores( $method );
		$locked               = HitPlan::needs_lock( $age, $stores ) && $this->store->lock( $key, HitPlan::LOCK_SECONDS );
		if ( $locked ) {
			// The request that refreshed this answer may have stored it and let the lock go between the
			// read above and the lock (on disk, the read may even have caught it being written): read
			// again, so that one expiry is computed by one request.
			list( $answer, $age ) = $this->read( $key, $cache, $now );
			if ( ! HitPlan::needs_lock( $age ) ) {
				$this->store->unlock( $key );
				$locked = false;
			}
		}
		// Asked only before a stored answer would be sent: a page, a request that may not share and a
		// miss never pay for it. A miss under a stale index is not stored: WordPress, having caught
		// up, finds the index behind and publishes it again (Publisher::refresh, EarlyServer).
		if ( null !== $answer && AnswerAge::EXPIRED !== $age && null !== $this->stamp && ! IndexStamp::fresh( $this->index['stamp'] ?? null, ( $this->stamp )() ) ) {
			if ( $locked ) {
				$this->store->unlock( $key );
			}
			return self::bypass( self::STALE );
		}
		// An expired answer is never sent: for the plan it is as good as none.
		$outcome = array(
			'action'        => HitPlan::decide( $age, $locked, $stores ),
			'slug'          => $route['slug'],
			'key'           => $key,
			'cache'         => $cache,
			'method'        => $method,
			'if_none_match' => $if_none_match,
		);
		if ( null !== $answer && AnswerAge::EXPIRED !== $age ) {
			$outcome['answer'] = $answer;
		}
		return $outcome;
	}

	/**
	 * The stored answer under $key and its age, or nulls when none is stored.
	 *
	 * @param Cached $cache
	 * @return array{0: Answer|null, 1: string|null}
	 */
	private function read( string $key, array $cache, int $now ): array {
		$raw    = $this->store->get( $key );
		$answer = null === $raw ? null : StoredAnswer::decode( $raw );
		return array( $answer, null === $answer ? null : AnswerAge::of( $answer['stored_at'], $cache['max_age'], $cache['swr'], $now ) );
	}

	/**
	 * @return Outcome
	 */
	private static function bypass( string $reason ): array {
		return array(
			'action' => self::BYPASS,
			'reason' => $reason,
		);
	}
}
