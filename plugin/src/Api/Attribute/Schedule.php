<?php
/**
 * The attribute route files use to have WP-Cron call a method on a schedule.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api\Attribute;

use Attribute;

/**
 * `#[Schedule('hourly')]` (or `twicedaily`, `daily`, `weekly`) or `#[Schedule(every: 300)]` (seconds,
 * at least 60) on a public method of the route class that is not a verb: WP-Cron calls it, without
 * arguments, while a release that has it is active, never twice at once. svc reads the values from
 * the file's tokens, so they must be literals.
 */
#[Attribute( Attribute::TARGET_METHOD )]
final class Schedule {

	/**
	 * @param string|null $recurrence One of WordPress's recurrences: hourly, twicedaily, daily, weekly.
	 * @param int|null    $every      Or an interval in seconds (60 to 31536000).
	 */
	public function __construct(
		public ?string $recurrence = null,
		public ?int $every = null,
	) {
	}
}
