<?php
/**
 * How the listing describes a route file's schedules.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Schedules;

use Svc\Scanning\ScheduleReader;

/**
 * Each schedule with its next run (WordPress's cron array, autoloaded) and its last run (RunState).
 *
 * @phpstan-import-type SchedulePolicy from ScheduleReader
 */
final class Status {

	/**
	 * @param list<SchedulePolicy> $schedules The manifest entry's.
	 * @return list<array<string, mixed>>
	 */
	public static function describe( string $slug, array $schedules ): array {
		$records = array();
		foreach ( $schedules as $schedule ) {
			$next      = wp_next_scheduled( CronPlan::HOOK, array( $slug, $schedule['method'] ) );
			$last      = RunState::get( $slug, $schedule['method'] );
			$records[] = array(
				'method'     => $schedule['method'],
				'recurrence' => null === ScheduleReader::every_seconds( $schedule['recurrence'] ) ? $schedule['recurrence'] : 'every',
				'interval'   => $schedule['interval'],
				'next_run'   => false === $next ? null : self::time( (int) $next ),
				'last_run'   => null === $last ? null : array(
					'started'  => self::time( $last['started'] ),
					'finished' => null === $last['finished'] ? null : self::time( $last['finished'] ),
					'outcome'  => $last['outcome'],
					'message'  => $last['message'],
				),
			);
		}
		return $records;
	}

	private static function time( int $timestamp ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', $timestamp );
	}
}
