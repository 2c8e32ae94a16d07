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
	private static function present( string $slug, string $method, string $recurrence, int $timestamp ): array {
		return array(
			'slug'       => $slug,
			'method'     => $method,
			'recurrence' => $recurrence,
			'timestamp'  => $timestamp,
		);
	}
}
