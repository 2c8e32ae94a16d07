<?php
/**
 * A lock every web node of a site sees: a row of the options table.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Support;

/**
 * Taken by an INSERT that the table's unique option_name lets only one writer make, so two nodes
 * that share the database cannot both hold it (add_option() would not do: it updates an existing
 * row). A holder that died without releasing it (the process killed) leaves a row that expires;
 * taking over an expired one is a compare-and-swap on its value, so two takers cannot both win.
 * The row is never read through the options cache.
 *
 * svc's one lock in the database (scheduled runs, their reconcile, secrets), rather than MySQL's
 * GET_LOCK: a named lock lives on one server, so it does not hold across a Galera cluster or a
 * proxy that spreads queries over several, while a row does wherever the options table is.
 */
final class DbLock {

	private function __construct( private readonly string $name, private readonly string $value ) {
	}

	/**
	 * The lock, or null when someone else holds it.
	 *
	 * @param int $seconds How long the holder may keep it before another may take it over.
	 */
	public static function acquire( string $name, int $seconds ): ?self {
		global $wpdb;
		$value = ( time() + max( 1, $seconds ) ) . '|' . wp_generate_password( 20, false );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- an atomic insert is the lock; a cache would defeat it.
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", $name, $value ) );
		if ( 1 === self::affected() ) {
			return new self( $name, $value );
		}
		$held = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) );
		if ( ! is_string( $held ) || (int) strtok( $held, '|' ) >= time() ) {
			return null;
		}
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value = %s", $value, $name, $held ) );
		// phpcs:enable
		return 1 === self::affected() ? new self( $name, $value ) : null;
	}

	/**
	 * The lock once it is free, waiting up to $timeout seconds; null if it never was.
	 *
	 * @param int $seconds As for acquire().
	 */
	public static function wait( string $name, int $seconds, int $timeout ): ?self {
		$until = microtime( true ) + $timeout;
		do {
			$lock = self::acquire( $name, $seconds );
			if ( null !== $lock ) {
				return $lock;
			}
			usleep( 20000 );
		} while ( microtime( true ) < $until );
		return null;
	}

	/**
	 * @phpstan-impure Each query sets it anew.
	 */
	private static function affected(): int {
		global $wpdb;
		return (int) $wpdb->rows_affected;
	}

	/**
	 * Gives the lock up, unless it expired and another took it over meanwhile.
	 */
	public function release(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", $this->name, $this->value ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}
}
