<?php
/**
 * What WP-Cron must change to hold exactly the active release's schedules.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Schedules;

use Svc\Manifest\Entry;
use Svc\Scanning\ScheduleReader;

/**
 * Pure: the manifest's schedules and svc's events in WordPress's cron array in, the events to remove
 * and to add out. An event whose method keeps its recurrence keeps its next run (a push of unrelated
 * changes does not postpone a daily job); one whose recurrence changed, or whose method or file is
 * gone, is removed; duplicates (two nodes that once raced) are removed but one.
 *
 * @phpstan-type Wanted array{slug: string, method: string, recurrence: string, interval: int}
 * @phpstan-type Present array{slug: string, method: string, recurrence: string, timestamp: int}
 * @phpstan-import-type EntryData from Entry
 */
final class CronPlan {

	/** svc's one hook; the event's arguments say which route file and method. */
	public const HOOK = 'svc_scheduled_run';

	/**
	 * @param list<Wanted>  $wanted
	 * @param list<Present> $present
	 * @return array{unschedule: list<Present>, schedule: list<Wanted>}
	 */
	public static function make( array $wanted, array $present ): array {
		$want = array();
		foreach ( $wanted as $schedule ) {
			$want[ self::key( $schedule['slug'], $schedule['method'] ) ] = $schedule;
		}
		$kept       = array();
		$unschedule = array();
		foreach ( $present as $event ) {
			$key = self::key( $event['slug'], $event['method'] );
			if ( isset( $want[ $key ] ) && ! isset( $kept[ $key ] ) && $want[ $key ]['recurrence'] === $event['recurrence'] ) {
				$kept[ $key ] = true;
				continue;
			}
			$unschedule[] = $event;
		}
		return array(
			'unschedule' => $unschedule,
			'schedule'   => array_values( array_diff_key( $want, $kept ) ),
		);
	}

	/**
	 * The schedules of the manifest's files. A file that failed to load keeps its schedules: each
	 * run records why it could not run, which is what its author needs to see.
	 *
	 * @param array<string, EntryData> $files Slug => entry.
	 * @return list<Wanted>
	 */
	public static function wanted( array $files ): array {
		$wanted = array();
		foreach ( $files as $slug => $entry ) {
			foreach ( $entry['schedules'] ?? array() as $schedule ) {
				$wanted[] = array( 'slug' => (string) $slug ) + $schedule;
			}
		}
		return $wanted;
	}

	/**
	 * Whether the stored bytes of WordPress's cron option certainly hold none of svc's events, told
	 * without unserializing the whole array (WordPress's own wp-cron check has already, this request).
	 * serialize() writes an array's string keys verbatim, so bytes without the hook's name have no
	 * such key; the escaped string form (`S:`), which serialize() never writes but unserialize()
	 * reads, could spell it otherwise, so bytes holding it are counted the long way.
	 */
	public static function surely_none( string $stored ): bool {
		return ! str_contains( $stored, self::HOOK ) && ! str_contains( $stored, 'S:' );
	}

	/**
	 * svc's events in WordPress's cron array (`_get_cron_array()`): timestamp => hook => key => event.
	 *
	 * @param array<mixed> $cron
	 * @return list<Present>
	 */
	public static function present( array $cron ): array {
		$present = array();
		foreach ( $cron as $timestamp => $hooks ) {
			if ( ! is_array( $hooks ) || ! is_array( $hooks[ self::HOOK ] ?? null ) ) {
				continue;
			}
			foreach ( $hooks[ self::HOOK ] as $event ) {
				$args = is_array( $event ) && is_array( $event['args'] ?? null ) ? array_values( $event['args'] ) : array();
				if ( 2 !== count( $args ) || ! is_string( $args[0] ) || ! is_string( $args[1] ) ) {
					continue;
				}
				$present[] = array(
					'slug'       => $args[0],
					'method'     => $args[1],
					'recurrence' => is_string( $event['schedule'] ?? null ) ? $event['schedule'] : '',
					'timestamp'  => (int) $timestamp,
				);
			}
		}
		return $present;
	}

	/**
	 * WordPress's schedules with svc's custom intervals added (the `cron_schedules` filter): every
	 * `svc_every_<seconds>` among $names, which are the recurrences of svc's events and of those
	 * about to be made. Without it WordPress could neither make nor reschedule such an event.
	 *
	 * @param array<string, mixed> $schedules
	 * @param list<string>         $names
	 * @return array<string, mixed>
	 */
	public static function with_intervals( array $schedules, array $names ): array {
		foreach ( $names as $name ) {
			$seconds = ScheduleReader::every_seconds( $name );
			if ( null !== $seconds && ! isset( $schedules[ $name ] ) ) {
				$schedules[ $name ] = array(
					'interval' => $seconds,
					/* translators: %d: seconds */
					'display'  => sprintf( __( 'Every %d seconds (svc)', 'svc' ), $seconds ),
				);
			}
		}
		return $schedules;
	}

	private static function key( string $slug, string $method ): string {
		return $slug . "\n" . $method;
	}
}
