<?php
/**
 * Keeps WP-Cron's events in step with the active release's schedules.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Schedules;

use Svc\Support\DbLock;
use Svc\Manifest\ManifestStore;
use Svc\Release\ReleaseStore;
use Svc\Storage\Paths;
use Svc\Support\Log;

/**
 * Whatever made a release active (push, rm, prune, rollback, a preview promoted, another node), the
 * next request that sees an active release other than the one last reconciled brings WP-Cron in
 * step with that release's manifest. Any node may do it, once its own copy of the release is served
 * (it reads the schedules from its manifest); a lock in the database makes one node do it at a time,
 * and the others find it done.
 *
 * WordPress keeps every cron event in one option that each writer rewrites whole, so a process that
 * loaded it earlier (wp-cron.php running slow core jobs) can write back a copy without svc's events.
 * The marker therefore also holds how many of svc's events the reconcile left, and a request that
 * counts another number (lost, or doubled by two writers) reconciles again. Until then the check
 * costs two autoloaded options and a look at the cron option's stored bytes; only where they name
 * svc's hook is the cron array read again and walked.
 */
final class Reconciler {

	/**
	 * The release whose schedules WP-Cron holds and how many events that left (`r<id>:<count>`; `r0`: a
	 * plain api/ directory). Autoloaded.
	 */
	public const DONE_OPTION = 'svc_schedules_release';

	private const LOCK = 'svc_sched_reconcile';

	/** @var list<string> Recurrences of the events being made, until WordPress has them in its cron array. */
	private static array $making = array();

	public function __construct(
		private readonly ManifestStore $store,
		private readonly ReleaseStore $releases,
		private readonly Paths $paths,
	) {
	}

	/**
	 * Reconciles when the active release changed since the last time; otherwise does nothing.
	 */
	public function check(): void {
		$active = $this->releases->active_id();
		if ( get_option( self::DONE_OPTION ) === self::marker( $active, self::events_present() ) ) {
			return;
		}
		if ( 0 !== $active && $this->paths->served_release() !== $active ) {
			// This node still serves an older copy (its catch-up failed): its manifest is not the release's.
			return;
		}
		$lock = DbLock::acquire( self::LOCK, 60 );
		if ( null === $lock ) {
			return;
		}
		try {
			// Another node may have finished it while this one waited for the lock; what is stored, not
			// this request's copies, decides. WordPress rewrites its whole cron option: the reconcile
			// starts from the stored one too.
			$active = $this->releases->active_id( true );
			wp_cache_delete( 'alloptions', 'options' );
			if ( self::stored_marker() !== self::marker( $active, self::events_present() ) && ( 0 === $active || $this->paths->served_release() === $active ) ) {
				$this->reconcile();
				// What the reconcile left, not what it wanted: an event WordPress refused (another
				// plugin's `pre_schedule_event`) must not make every request try again.
				update_option( self::DONE_OPTION, self::marker( $active, self::events_present() ), true );
			}
		} finally {
			$lock->release();
		}
	}

	/**
	 * Makes WP-Cron hold exactly the served manifest's schedules (under the lock, from the stored
	 * cron option: check()).
	 */
	private function reconcile(): void {
		$manifest = $this->store->current();
		$plan     = CronPlan::make( CronPlan::wanted( $manifest['files'] ), CronPlan::present( self::cron() ) );
		foreach ( $plan['unschedule'] as $event ) {
			wp_unschedule_event( $event['timestamp'], CronPlan::HOOK, array( $event['slug'], $event['method'] ) );
		}
		self::$making = array_column( $plan['schedule'], 'recurrence' );
		foreach ( $plan['schedule'] as $schedule ) {
			// The first run one interval from now: "hourly" starts in an hour, as a new cron entry would.
			$made = wp_schedule_event( time() + $schedule['interval'], $schedule['recurrence'], CronPlan::HOOK, array( $schedule['slug'], $schedule['method'] ), true );
			if ( is_wp_error( $made ) ) {
				Log::api( sprintf( 'could not schedule %s() of %s.php: %s', $schedule['method'], $schedule['slug'], $made->get_error_message() ) );
			}
		}
		self::$making = array();
	}

	/**
	 * The `cron_schedules` filter: WordPress's schedules and svc's `every:` intervals.
	 *
	 * @param mixed $schedules
	 * @return array<string, mixed>
	 */
	public static function cron_schedules( mixed $schedules ): array {
		$names = array_merge( self::$making, array_column( CronPlan::present( self::cron() ), 'recurrence' ) );
		return CronPlan::with_intervals( is_array( $schedules ) ? $schedules : array(), $names );
	}

	/**
	 * Removes every event of svc's and forgets what was reconciled (deactivation, uninstall), so a
	 * reactivated plugin schedules again.
	 */
	public static function forget(): void {
		wp_unschedule_hook( CronPlan::HOOK );
		delete_option( self::DONE_OPTION );
	}

	private static function marker( int $active, int $events ): string {
		return 'r' . $active . ':' . $events;
	}

	private static function events_present(): int {
		return self::stored_cron_has_none() ? 0 : count( CronPlan::present( self::cron() ) );
	}

	/**
	 * Whether the cron option get_option() would give holds none of svc's events, read from its
	 * stored bytes (CronPlan::surely_none) rather than unserialized a second time on every request
	 * svc serves: only where get_option() returns those very bytes unserialized (autoloaded, no
	 * filter of another plugin's in the way, not installing).
	 */
	private static function stored_cron_has_none(): bool {
		if ( wp_installing() || has_filter( 'pre_option_cron' ) || has_filter( 'pre_option' ) || has_filter( 'option_cron' ) || has_filter( 'default_option_cron' ) ) {
			return false;
		}
		$stored = wp_load_alloptions()['cron'] ?? null;
		return is_string( $stored ) && CronPlan::surely_none( $stored );
	}

	private static function stored_marker(): ?string {
		global $wpdb;
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::DONE_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- another node's write, past this request's cache.
		return is_string( $value ) ? $value : null;
	}

	/**
	 * @return array<mixed>
	 */
	private static function cron(): array {
		return _get_cron_array();
	}
}
