<?php
/**
 * Reconciling WP-Cron with the active release's schedules, without WordPress: what to remove and
 * what to add, read from the manifest and from WordPress's cron array.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Schedules\CronPlan;

final class CronPlanTest extends TestCase {

	public function test_an_unchanged_schedule_keeps_its_event_and_its_next_run(): void {
		$plan = CronPlan::make(
			array( self::wanted( 'jobs', 'sync', 'hourly', 3600 ) ),
			array( self::present( 'jobs', 'sync', 'hourly', 1000 ) )
		);
		$this->assertSame( array(), $plan['unschedule'] );
		$this->assertSame( array(), $plan['schedule'] );
	}

	public function test_new_changed_and_removed_schedules(): void {
		$plan = CronPlan::make(
			array(
				self::wanted( 'jobs', 'sync', 'daily', 86400 ),
				self::wanted( 'jobs', 'tick', 'svc_every_300', 300 ),
			),
			array(
				self::present( 'jobs', 'sync', 'hourly', 1000 ),
				self::present( 'gone', 'sync', 'hourly', 2000 ),
				self::present( 'jobs', 'removed', 'daily', 3000 ),
			)
		);
		$this->assertSame(
			array(
				self::present( 'jobs', 'sync', 'hourly', 1000 ),
				self::present( 'gone', 'sync', 'hourly', 2000 ),
				self::present( 'jobs', 'removed', 'daily', 3000 ),
			),
			$plan['unschedule']
		);
		$this->assertSame( array( self::wanted( 'jobs', 'sync', 'daily', 86400 ), self::wanted( 'jobs', 'tick', 'svc_every_300', 300 ) ), $plan['schedule'] );
	}

	public function test_duplicates_are_removed_but_one(): void {
		$plan = CronPlan::make(
			array( self::wanted( 'jobs', 'sync', 'hourly', 3600 ) ),
			array( self::present( 'jobs', 'sync', 'hourly', 1000 ), self::present( 'jobs', 'sync', 'hourly', 1001 ) )
		);
		$this->assertSame( array( self::present( 'jobs', 'sync', 'hourly', 1001 ) ), $plan['unschedule'] );
		$this->assertSame( array(), $plan['schedule'] );
	}

	public function test_a_release_without_schedules_removes_every_event(): void {
		$plan = CronPlan::make( array(), array( self::present( 'jobs', 'sync', 'hourly', 1000 ) ) );
		$this->assertSame( array( self::present( 'jobs', 'sync', 'hourly', 1000 ) ), $plan['unschedule'] );
	}

	public function test_method_names_are_compared_as_the_event_carries_them(): void {
		$plan = CronPlan::make( array( self::wanted( 'jobs', 'syncOrders', 'hourly', 3600 ) ), array( self::present( 'jobs', 'syncorders', 'hourly', 1000 ) ) );
		$this->assertCount( 1, $plan['unschedule'] );
		$this->assertCount( 1, $plan['schedule'] );
	}

	public function test_wanted_reads_every_file_of_the_manifest(): void {
		$files = array(
			'jobs'         => array(
				'schedules' => array(
					array(
						'method'     => 'sync',
						'recurrence' => 'hourly',
						'interval'   => 3600,
					),
				),
			),
			'hello'        => array(),
			'users/[id]'   => array( 'schedules' => array() ),
			'reports/week' => array(
				'schedules' => array(
					array(
						'method'     => 'mail',
						'recurrence' => 'weekly',
						'interval'   => 604800,
					),
				),
			),
		);
		// @phpstan-ignore-next-line -- entries with only the key read here.
		$wanted = CronPlan::wanted( $files );
		$this->assertSame( array( self::wanted( 'jobs', 'sync', 'hourly', 3600 ), self::wanted( 'reports/week', 'mail', 'weekly', 604800 ) ), $wanted );
	}

	public function test_present_reads_only_svcs_events_from_the_cron_array(): void {
		$cron = array(
			1000      => array(
				CronPlan::HOOK     => array(
					md5( 'a' ) => array(
						'schedule' => 'hourly',
						'args'     => array( 'jobs', 'sync' ),
						'interval' => 3600,
					),
				),
				'wp_version_check' => array(
					md5( 'b' ) => array(
						'schedule' => 'twicedaily',
						'args'     => array(),
					),
				),
			),
			2000      => array(
				CronPlan::HOOK => array(
					md5( 'c' ) => array(
						'schedule' => 'svc_every_300',
						'args'     => array( 'jobs', 'tick' ),
					),
					md5( 'd' ) => array(
						'schedule' => 'hourly',
						'args'     => array( 'not', 'svc', 'shaped' ),
					),
				),
			),
			'version' => 2,
		);
		$this->assertSame( array( self::present( 'jobs', 'sync', 'hourly', 1000 ), self::present( 'jobs', 'tick', 'svc_every_300', 2000 ) ), CronPlan::present( $cron ) );
	}

	public function test_custom_intervals_are_added_to_wordpress_schedules_and_nothing_else(): void {
		$schedules = CronPlan::with_intervals(
			array(
				'hourly' => array(
					'interval' => 3600,
					'display'  => 'Once Hourly',
				),
			),
			array( 'svc_every_300', 'hourly', 'svc_every_10', 'other_plugin' )
		);
		$this->assertSame( array( 'hourly', 'svc_every_300' ), array_keys( $schedules ) );
		$this->assertSame( 300, $schedules['svc_every_300']['interval'] );
	}

	/** @return array{slug: string, method: string, recurrence: string, interval: int} */
	private static function wanted( string $slug, string $method, string $recurrence, int $interval ): array {
		return array(
			'slug'       => $slug,
			'method'     => $method,
			'recurrence' => $recurrence,
			'interval'   => $interval,
		);
	}

	/** @return array{slug: string, method: string, recurrence: string, timestamp: int} */
	public function test_stored_bytes_without_the_hook_hold_none_of_svcs_events(): void {
		$core = array(
			1700000000 => array( 'wp_version_check' => array( 'k' => self::event( 'twicedaily', array() ) ) ),
			'version'  => 2,
		);
		$this->assertTrue( CronPlan::surely_none( self::stored( $core ) ) );
		$this->assertSame( array(), CronPlan::present( $core ) );
	}

	public function test_stored_bytes_naming_the_hook_are_counted_the_long_way(): void {
		$cron = array(
			1700000000 => array( CronPlan::HOOK => array( 'k' => self::event( 'hourly', array( 'jobs', 'sync' ) ) ) ),
			'version'  => 2,
		);
		$this->assertFalse( CronPlan::surely_none( self::stored( $cron ) ) );
		$this->assertCount( 1, CronPlan::present( $cron ) );
		// Only the name, as another hook's argument: not an event, but the bytes cannot tell.
		$this->assertFalse( CronPlan::surely_none( self::stored( array( 1 => array( 'other' => array( 'k' => self::event( 'hourly', array( CronPlan::HOOK ) ) ) ) ) ) ) );
	}

	/**
	 * The cron option's stored bytes, as WordPress writes them (maybe_serialize()).
	 *
	 * @param array<mixed> $cron
	 */
	private static function stored( array $cron ): string {
		return serialize( $cron ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- what WordPress stores.
	}

	/**
	 * @param list<string> $args
	 * @return array<string, mixed>
	 */
	private static function event( string $schedule, array $args ): array {
		return array(
			'schedule' => $schedule,
			'args'     => $args,
		);
	}

	public function test_the_escaped_string_form_cannot_hide_the_hook(): void {
		// unserialize() reads `S:` strings with \xx escapes, which spell the hook without its bytes.
		$stored = 'a:1:{i:1700000000;a:1:{S:17:"svc\5fscheduled_run";a:1:{s:1:"k";a:2:{s:8:"schedule";s:6:"hourly";s:4:"args";a:2:{i:0;s:4:"jobs";i:1;s:4:"sync";}}}}}';
		// PHP 8.5 deprecates reading the form, and still reads it: the check must still see the hook.
		$cron = @unserialize( $stored ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions,WordPress.PHP.NoSilencedErrors -- the test's own bytes.
		$this->assertIsArray( $cron );
		$this->assertCount( 1, CronPlan::present( $cron ) );
		$this->assertFalse( CronPlan::surely_none( $stored ) );
	}

	private static function present( string $slug, string $method, string $recurrence, int $timestamp ): array {
		return array(
			'slug'       => $slug,
			'method'     => $method,
			'recurrence' => $recurrence,
			'timestamp'  => $timestamp,
		);
	}
}
