<?php
/**
 * The fixed window a request falls in, and whether its count is over the limit.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime\Limits;

/**
 * A window starts at a multiple of `per` seconds (Unix time), so every worker and web node agrees
 * on it without talking to each other; a client may get up to twice the limit across a window's
 * edge (a sliding window would cost a read of several counters per request).
 *
 * @phpstan-type Verdict array{limit: int, remaining: int, reset: int, limited: bool}
 */
final class RateWindow {

	public readonly int $per;
	/** When the window began (Unix time). */
	public readonly int $start;
	/** When it ends: the first second of the next window. */
	public readonly int $end;

	public function __construct( int $now, int $per ) {
		$this->per   = max( 1, $per );
		$this->start = intdiv( $now, $this->per ) * $this->per;
		$this->end   = $this->start + $this->per;
	}

	/**
	 * The verdict on a request that is the window's `hits`-th (0: it could not be counted, and is
	 * let through): the limit is `requests` answered requests, the next one is refused.
	 *
	 * @return Verdict
	 */
	public function verdict( int $now, int $requests, int $hits ): array {
		return array(
			'limit'     => $requests,
			'remaining' => max( 0, $requests - $hits ),
			'reset'     => $this->end - $now,
			'limited'   => $hits > $requests,
		);
	}
}
