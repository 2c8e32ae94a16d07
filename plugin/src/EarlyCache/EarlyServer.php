<?php
/**
 * The early cache at work in one request, before WordPress loads plugins.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Does what Lookup planned: sends a stored answer and ends the request (a hit: no plugin, no theme
 * runs); or lets WordPress compute the answer while an output buffer keeps what it sends, and
 * stores it when StorableAnswer allows (a miss). A stale answer is refreshed by the one request
 * holding the lock, as a miss; the others are sent the stale answer meanwhile. A request waiting for another's refresh polls the store for a bounded time, then lets
 * WordPress answer it without storing. Every svc route's answer says which it was in `X-Svc-Cache`.
 *
 * @phpstan-import-type Cached from RouteIndex
 * @phpstan-import-type Answer from StoredAnswer
 */
final class EarlyServer {

	/** How a request waits for another's refresh: WAIT_STEPS polls, WAIT_MICROSECONDS apart. */
	private const WAIT_STEPS        = 50;
	private const WAIT_MICROSECONDS = 20000;

	/**
	 * @param array<mixed> $server  `$_SERVER`.
	 * @param array<mixed> $cookies `$_COOKIE`.
	 * @param array<mixed> $query   `$_GET`.
	 * @return bool True when the request was answered: the caller must end it.
	 */
	public static function run( AnswerStore $store, Lookup $lookup, array $server, array $cookies, array $query ): bool {
		$outcome = $lookup->run( $server, $cookies, $query, time() );
		if ( Lookup::BYPASS === $outcome['action'] ) {
			if ( Lookup::STALE === ( $outcome['reason'] ?? '' ) && ! defined( 'SVC_EARLY_CACHE_STALE' ) ) {
				// The plugin publishes this node's index again once WordPress caught up (Publisher).
				define( 'SVC_EARLY_CACHE_STALE', true );
			}
			if ( 'not_a_route' !== ( $outcome['reason'] ?? '' ) ) {
				header( 'X-Svc-Cache: BYPASS' );
			}
			return false;
		}
		$slug   = $outcome['slug'] ?? '';
		$key    = $outcome['key'] ?? '';
		$cache  = $outcome['cache'] ?? null;
		$method = $outcome['method'] ?? 'GET';
		$inm    = $outcome['if_none_match'] ?? '';
		if ( null === $cache || '' === $key ) {
			return false;
		}
		switch ( $outcome['action'] ) {
			case HitPlan::SERVE:
				if ( isset( $outcome['answer'] ) ) {
					self::send( Reply::to( $outcome['answer'], $method, $inm ), 'HIT' );
					$store->increment( HitCounts::key( $lookup->site(), $slug, HitCounts::HIT ) );
					return true;
				}
				return false;
			case HitPlan::SERVE_THEN_REFRESH:
				// The lock holder computes the new answer for its own client; everyone else is served
				// the stale one meanwhile. (Sending the stale answer first and refreshing after
				// fastcgi_finish_request would store the stale answer's headers: PHP has sent them.)
			case HitPlan::COMPUTE_AND_STORE:
				self::capture( $store, $key, $cache, HitCounts::key( $lookup->site(), $slug, HitCounts::MISS ), $inm );
				return false;
			case HitPlan::COMPUTE:
				$store->increment( HitCounts::key( $lookup->site(), $slug, HitCounts::MISS ) );
				header( 'X-Svc-Cache: MISS' );
				return false;
			default:
				$answer = self::wait( $store, $key, $cache );
				if ( null !== $answer ) {
					self::send( Reply::to( $answer, $method, $inm ), 'HIT' );
					$store->increment( HitCounts::key( $lookup->site(), $slug, HitCounts::HIT ) );
					return true;
				}
				$store->increment( HitCounts::key( $lookup->site(), $slug, HitCounts::MISS ) );
				header( 'X-Svc-Cache: MISS' );
				return false;
		}
	}

	/**
	 * @param array{status: int, headers: list<array{string, string}>, body: string} $reply
	 */
	private static function send( array $reply, string $state ): void {
		http_response_code( $reply['status'] );
		foreach ( $reply['headers'] as list( $name, $value ) ) {
			// StoredAnswer checked each name and value: no line break reaches header().
			header( $name . ': ' . $value, false );
		}
		header( 'X-Svc-Cache: ' . $state );
		echo $reply['body']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the stored JSON answer, sent as WordPress sent it.
	}

	/**
	 * Keeps what WordPress sends and stores it when it may be shared; the lock is given back either way.
	 * A revalidation (a CDN's or a browser's `If-None-Match`) is computed as a plain GET, so that its
	 * answer can be stored too: WordPress never sees the header, and the 304 it would have sent is
	 * made here from what it sent, stored or not.
	 *
	 * @param Cached $cache
	 */
	private static function capture( AnswerStore $store, string $key, array $cache, string $counter, string $if_none_match ): void {
		header( 'X-Svc-Cache: MISS' );
		$revalidates = '' !== trim( $if_none_match );
		if ( $revalidates ) {
			unset( $_SERVER['HTTP_IF_NONE_MATCH'] );
		}
		$body = '';
		/** @var bool $ended Whether the buffer ended with the whole answer in $body; the closures share it. */
		$ended = false;
		/** @var bool $passed Whether a flush let part of the answer through before it ended. */
		$passed = false;
		/** @var Answer|false|null $answer The answer to store once read (null: none may be), false before. */
		$answer = false;
		// With PHP-FPM the answer is sent before it is stored: what it is stored as (the status and
		// headers read, its encoding), the write, the lock's release and the count then cost the client
		// nothing. Elsewhere they happen as the buffer ends. PHP keeps the status and headers it sent
		// until the request ends.
		$deferred = function_exists( 'fastcgi_finish_request' );
		$finish   = static function () use ( $store, $key, $cache, $counter, &$body, &$ended, &$answer ): void {
			// Not when WordPress found the index this request read behind what it served (Publisher::refresh):
			// the key names the code that index lists, the answer came from the code now served.
			if ( $ended && ! defined( 'SVC_EARLY_CACHE_STALE' ) ) {
				$answer = false === $answer ? self::storable( (int) http_response_code(), SentHeaders::parse( headers_list() ), $body ) : $answer;
				$value  = null === $answer ? null : StoredAnswer::pack( $answer );
				if ( null !== $value ) {
					$store->put( $key, $value, AnswerAge::lifetime( $cache['max_age'], $cache['swr'] ) );
				}
			}
			$store->unlock( $key );
			$store->increment( $counter );
		};
		ob_start(
			static function ( string $buffer, int $phase ) use ( $deferred, $finish, $revalidates, $if_none_match, &$body, &$ended, &$passed, &$answer ): string {
				// Output another plugin threw away (ob_clean(), ob_end_clean()) is no part of the answer.
				// Ended so, the rest of the answer goes out past this buffer: nothing is stored.
				if ( 0 !== ( $phase & PHP_OUTPUT_HANDLER_CLEAN ) ) {
					if ( 0 !== ( $phase & PHP_OUTPUT_HANDLER_FINAL ) && ! $deferred ) {
						$finish();
					}
					return '';
				}
				$body .= $buffer;
				if ( 0 === ( $phase & PHP_OUTPUT_HANDLER_FINAL ) ) {
					$passed = $passed || '' !== $buffer;
					return $buffer;
				}
				$ended = true;
				if ( $revalidates && ! $passed && ! headers_sent() ) {
					// Read before the status changes: stored as WordPress sent it.
					$status  = (int) http_response_code();
					$headers = SentHeaders::parse( headers_list() );
					$answer  = self::storable( $status, $headers, $body );
					if ( self::not_modified( $status, $headers, $if_none_match ) ) {
						// WordPress's own 304 (CacheHeaders): its headers, no body. As a status line:
						// WordPress sent one (status_header()), which PHP-FPM keeps over a bare http_response_code().
						header( RequestLine::protocol( $_SERVER ) . ' 304 Not Modified', true, 304 );
						$buffer = '';
					}
				}
				if ( ! $deferred ) {
					$finish();
				}
				return $buffer;
			}
		);
		if ( $deferred ) {
			$level = ob_get_level();
			register_shutdown_function(
				static function () use ( $level, $finish ): void {
					// WordPress has written its answer into the buffers: send it, end the client's request, then store.
					while ( ob_get_level() >= $level && ob_end_flush() ) {
						continue;
					}
					fastcgi_finish_request();
					$finish();
				}
			);
		}
	}

	/**
	 * Whether what WordPress sent is a 2xx whose `ETag` $if_none_match names: what it would have
	 * answered 304 had it seen the header (CacheHeaders, by the same EntityTag rule).
	 *
	 * @param array<string, list<string>> $headers What WordPress sent (SentHeaders).
	 */
	private static function not_modified( int $status, array $headers, string $if_none_match ): bool {
		if ( $status < 200 || $status > 299 ) {
			return false;
		}
		foreach ( $headers as $name => $values ) {
			if ( 'etag' === strtolower( $name ) && array() !== $values ) {
				return EntityTag::matches( $if_none_match, $values[ count( $values ) - 1 ] );
			}
		}
		return false;
	}

	/**
	 * What WordPress sent, as it would be stored; null when it may not be (StorableAnswer).
	 *
	 * @param array<string, list<string>> $headers What WordPress sent (SentHeaders).
	 * @return Answer|null
	 */
	private static function storable( int $status, array $headers, string $body ): ?array {
		unset( $headers['X-Svc-Cache'] );
		return null === StorableAnswer::refusal( $status, $headers, true, array( 'get' ) ) ? StoredAnswer::of( $status, $headers, $body, time() ) : null;
	}

	/**
	 * @param Cached $cache
	 * @return Answer|null
	 */
	private static function wait( AnswerStore $store, string $key, array $cache ): ?array {
		for ( $step = 0; $step < self::WAIT_STEPS; $step++ ) {
			usleep( self::WAIT_MICROSECONDS );
			$raw    = $store->get( $key );
			$answer = null === $raw ? null : StoredAnswer::decode( $raw );
			if ( null !== $answer && AnswerAge::EXPIRED !== AnswerAge::of( $answer['stored_at'], $cache['max_age'], $cache['swr'], time() ) ) {
				return $answer;
			}
		}
		return null;
	}
}
