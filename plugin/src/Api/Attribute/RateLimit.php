<?php
/**
 * The attribute route files use to limit how often one client may call a verb.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api\Attribute;

use Attribute;

/**
 * `#[RateLimit(requests: 60, per: 60)]` on a verb method or on the class (the method's wins): each
 * client (its address) gets at most `requests` answers per window of `per` seconds; the next ones are
 * answered `429` before the route's permission checks and code run. Windows are fixed (they start
 * at multiples of `per`). svc reads the values from the file's tokens, so they must be integer literals.
 */
#[Attribute( Attribute::TARGET_CLASS | Attribute::TARGET_METHOD )]
final class RateLimit {

	/**
	 * @param int $requests Answers per client per window (1 to 1000000).
	 * @param int $per      The window, in seconds (1 to 86400).
	 */
	public function __construct(
		public int $requests,
		public int $per,
	) {
	}
}
