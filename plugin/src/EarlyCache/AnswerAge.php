<?php
/**
 * How old a stored answer is, by its route's #[Cache].
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Fresh for `maxAge` seconds after it was stored; then stale for `staleWhileRevalidate` seconds (it
 * may still be served while one request refreshes it); then expired. A store date in the future (a
 * node whose clock is ahead wrote it) counts as now: an answer is never fresh for longer than maxAge
 * plus the skew, and never for more than maxAge past the moment this node first sees it.
 */
final class AnswerAge {

	public const FRESH   = 'fresh';
	public const STALE   = 'stale';
	public const EXPIRED = 'expired';

	/**
	 * @param int      $stored_at              When the answer was stored (Unix seconds).
	 * @param int      $max_age                The route's maxAge.
	 * @param int|null $stale_while_revalidate The route's staleWhileRevalidate.
	 * @param int      $now                    Unix seconds.
	 */
	public static function of( int $stored_at, int $max_age, ?int $stale_while_revalidate, int $now ): string {
		$age = max( 0, $now - $stored_at );
		if ( $age < $max_age ) {
			return self::FRESH;
		}
		if ( $age < $max_age + max( 0, $stale_while_revalidate ?? 0 ) ) {
			return self::STALE;
		}
		return self::EXPIRED;
	}

	/**
	 * How long the store must keep an answer: after that nobody may be served it.
	 */
	public static function lifetime( int $max_age, ?int $stale_while_revalidate ): int {
		return max( 1, $max_age + max( 0, $stale_while_revalidate ?? 0 ) );
	}
}
