<?php
/**
 * What each scheduled method's last run did.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Schedules;

/**
 * One option per schedule (not autoloaded: read by the listing, written by a run under its lock),
 * so two schedules running at once never write the same row.
 *
 * @phpstan-type Run array{started: int, finished: int|null, outcome: string, message: string|null}
 */
final class RunState {

	public const PREFIX = 'svc_sched_run_';

	/**
	 * @return Run|null
	 */
	public static function get( string $slug, string $method ): ?array {
		$run = get_option( self::name( $slug, $method ), null );
		if ( ! is_array( $run ) || ! isset( $run['started'], $run['outcome'] ) ) {
			return null;
		}
		return array(
			'started'  => (int) $run['started'],
			'finished' => isset( $run['finished'] ) ? (int) $run['finished'] : null,
			'outcome'  => (string) $run['outcome'],
			'message'  => isset( $run['message'] ) ? (string) $run['message'] : null,
		);
	}

	/**
	 * @param 'running'|'ok'|'error' $outcome
	 */
	public static function record( string $slug, string $method, int $started, string $outcome, ?string $message = null ): void {
		update_option(
			self::name( $slug, $method ),
			array(
				'started'  => $started,
				'finished' => 'running' === $outcome ? null : time(),
				'outcome'  => $outcome,
				'message'  => $message,
			),
			false
		);
	}

	/**
	 * The name of the schedule's lock row (DbLock), beside its state.
	 */
	public static function lock_name( string $slug, string $method ): string {
		return 'svc_sched_lock_' . md5( $slug . "\n" . $method );
	}

	/**
	 * Removes every schedule's state and lock (uninstall).
	 */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%', $wpdb->esc_like( 'svc_sched_lock_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private static function name( string $slug, string $method ): string {
		return self::PREFIX . md5( $slug . "\n" . $method );
	}
}
