<?php
/**
 * How deep a request is in routes' callbacks.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * Counted from `rest_request_before_callbacks` to `rest_request_after_callbacks`: a request made
 * inside a route's code (rest_do_request()) nests, and code there may list every route.
 */
final class CallbackDepth {

	private int $depth = 0;

	public function enter(): void {
		++$this->depth;
	}

	public function leave(): void {
		$this->depth = max( 0, $this->depth - 1 );
	}

	public function depth(): int {
		return $this->depth;
	}
}
