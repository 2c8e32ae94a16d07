<?php
/**
 * What the early cache does with a request, given what it found.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * One request refreshes an answer; the others do not pile onto WordPress. The refresh lock is taken
 * (an atomic add in the store, with a short lifetime so a crashed request does not hold it) only
 * when the answer is not fresh, so a fresh hit costs one read. With the lock, a request computes the
 * answer and stores it; without it, a request serves the stale answer
 * or, when there is none it may serve, waits a bounded time for the holder's answer and then boots
 * WordPress itself without storing (the holder's answer is the one stored). A request whose answer
 * is never stored (a HEAD: it has no body) never takes the lock, which would leave the others
 * waiting for nothing: it is served what may be served, else WordPress answers it.
 */
final class HitPlan {

	/** Send the stored answer; nothing else. */
	public const SERVE = 'serve';
	/** A stale answer whose lock this request took: it computes and stores the new one for its own client. */
	public const SERVE_THEN_REFRESH = 'serve_then_refresh';
	/** Compute the answer as a miss and store it (the lock is held). */
	public const COMPUTE_AND_STORE = 'compute_and_store';
	/** Another request computes it: wait for its answer, then compute without storing. */
	public const WAIT = 'wait';
	/** A request whose answer is not stored (HEAD), with nothing it may be sent: WordPress answers it. */
	public const COMPUTE = 'compute';

	/** Seconds a refresh lock lives: longer than a route's answer takes, short enough to recover. */
	public const LOCK_SECONDS = 30;

	/**
	 * Whether the lock must be tried for an answer in this state (null: nothing stored), by a request
	 * whose answer would be stored ($stores) or not.
	 */
	public static function needs_lock( ?string $age, bool $stores = true ): bool {
		return $stores && AnswerAge::FRESH !== $age;
	}

	/**
	 * Whether the answer WordPress gives a request would be stored: a GET ($method as RequestLine
	 * reads it), a revalidation included (EarlyServer computes it as a plain GET, then sends the 304).
	 */
	public static function stores( string $method ): bool {
		return 'GET' === $method;
	}

	/**
	 * @param string|null $age       AnswerAge of the stored answer, null when none is stored.
	 * @param bool        $has_lock  Whether this request took the refresh lock.
	 * @param bool        $stores    Whether its answer would be stored (stores()).
	 */
	public static function decide( ?string $age, bool $has_lock, bool $stores = true ): string {
		if ( AnswerAge::FRESH === $age ) {
			return self::SERVE;
		}
		if ( AnswerAge::STALE === $age ) {
			return $has_lock ? self::SERVE_THEN_REFRESH : self::SERVE;
		}
		if ( ! $stores ) {
			return self::COMPUTE;
		}
		return $has_lock ? self::COMPUTE_AND_STORE : self::WAIT;
	}
}
