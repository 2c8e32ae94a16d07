<?php
/**
 * Runs one scheduled method when WP-Cron fires svc's hook.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Schedules;

use Svc\Events\Emit;
use Svc\Manifest\ManifestStore;
use Svc\Release\Deployer;
use Svc\Runtime\RouteLoader;
use Svc\Storage\Guard;
use Svc\Support\DbLock;
use Throwable;

/**
 * The route file is loaded as a request would load it (its checks, failure isolation) and the
 * method called on a new instance, without arguments, under a lock in the database: a run that
 * finds the lock held (the previous run still going, on this node or another) does nothing. What
 * it throws, or a fatal error that stops PHP, is logged, recorded as a `schedule_error` event with
 * the file and line as the author numbered them, and kept as the schedule's last run.
 */
final class Runner {

	/** Seconds a run holds its lock before another may take it over (a process killed mid-run). */
	public const LOCK_SECONDS = 3600;

	/** Whether the method returned or threw; false at shutdown means PHP stopped while it ran. */
	private bool $finished = false;

	public function __construct(
		private readonly Deployer $deployer,
		private readonly ManifestStore $store,
		private readonly RouteLoader $loader,
	) {
	}

	public function run( mixed $slug, mixed $method ): void {
		if ( ! is_string( $slug ) || ! is_string( $method ) ) {
			return;
		}
		$this->deployer->catch_up();
		$entry = $this->store->entry( $slug );
		if ( ! in_array( $method, array_column( $entry['schedules'] ?? array(), 'method' ), true ) ) {
			// An event left from an earlier release (its reconcile has not run yet): the next one removes it.
			return;
		}
		/**
		 * How long a run may hold its lock; a run still going after it may be overlapped.
		 *
		 * @param int    $seconds Default 3600.
		 * @param string $slug    The route file.
		 * @param string $method  The scheduled method.
		 */
		$seconds = (int) apply_filters( 'svc_schedule_lock_seconds', self::LOCK_SECONDS, $slug, $method );
		$lock    = DbLock::acquire( RunState::lock_name( $slug, $method ), $seconds );
		if ( null === $lock ) {
			return;
		}
		$started = time();
		RunState::record( $slug, $method, $started, 'running' );
		$path = (string) ( $entry['path'] ?? '' );
		// WordPress's fatal error handler runs first at shutdown and ends the process (wp_die), so the
		// run is also recorded from inside it; the shutdown function covers sites that turned it off.
		$stopped = function ( ?array $error ) use ( $lock, $slug, $method, $started, $path ): void {
			if ( $this->finished ) {
				return;
			}
			$this->finished = true;
			$file           = null === $error ? '' : self::file_name( (string) $error['file'], $slug, $path );
			$line           = null === $error ? 0 : Guard::author_line( (string) $error['file'], (int) $error['line'] );
			$text           = null === $error ? 'PHP stopped before the method returned' : sprintf( 'PHP Fatal error: %s in %s on line %d', Guard::author_text( (string) $error['message'] ), $file, $line );
			self::failed( $slug, $method, $started, $text, $file, $line, 'fatal' );
			$lock->release();
		};
		register_shutdown_function( static fn () => $stopped( error_get_last() ) );
		$on_error = static function ( mixed $message, mixed $error ) use ( $stopped ): mixed {
			$stopped( is_array( $error ) ? $error : error_get_last() );
			return $message;
		};
		add_filter( 'wp_php_error_message', $on_error, 100, 2 );
		try {
			$instance = $this->loader->instance( $slug );
			if ( null === $instance ) {
				$reason = (string) $this->loader->load( $slug );
				self::failed( $slug, $method, $started, sprintf( 'the file could not be loaded: %s', $reason ), $slug . '.php', 0, 'load' );
			} else {
				$instance->$method();
				RunState::record( $slug, $method, $started, 'ok' );
			}
		} catch ( Throwable $error ) {
			$file = self::file_name( $error->getFile(), $slug, $path );
			$line = Guard::author_line( $error->getFile(), $error->getLine() );
			self::failed( $slug, $method, $started, sprintf( '%s: %s in %s on line %d', get_class( $error ), Guard::author_text( $error->getMessage() ), $file, $line ), $file, $line, get_class( $error ) );
		} finally {
			$this->finished = true;
			$lock->release();
			remove_filter( 'wp_php_error_message', $on_error, 100 );
		}
	}

	private static function failed( string $slug, string $method, int $started, string $text, string $file, int $line, string $kind ): void {
		RunState::record( $slug, $method, $started, 'error', $text );
		error_log( sprintf( 'PHP %s (scheduled %s() of %s.php)', $text, $method, $slug ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions -- the server's log is where PHP's errors go.
		Emit::event(
			'schedule_error',
			array(
				'slug'    => $slug,
				'message' => sprintf( 'scheduled %s() failed: %s', $method, $text ),
				'method'  => $method,
				'file'    => $file,
				'line'    => $line,
				'error'   => $kind,
			)
		);
	}

	/**
	 * The route file by its slug, any other file by its base name: no path on the server in the event.
	 */
	private static function file_name( string $file, string $slug, string $path ): string {
		if ( '' !== $path && ( $file === $path || realpath( $file ) === realpath( $path ) ) ) {
			return $slug . '.php';
		}
		return basename( $file );
	}
}
