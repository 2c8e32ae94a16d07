<?php
/**
 * #[Schedule] inside WordPress: the reconcile follows the active release whatever made it active,
 * only once per release, and the run lock lets one holder in at a time and is taken over once expired.
 */
declare(strict_types=1);

use Svc\Release\ReleaseStore;
use Svc\Schedules\CronPlan;
use Svc\Schedules\DbLock;
use Svc\Schedules\Reconciler;

final class SchedulesTest extends SvcTestCase {

	protected function setUp(): void {
		parent::setUp();
		wp_unschedule_hook( CronPlan::HOOK );
		delete_option( Reconciler::DONE_OPTION );
		add_filter( 'cron_schedules', array( Reconciler::class, 'cron_schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval
	}

	protected function tearDown(): void {
		wp_unschedule_hook( CronPlan::HOOK );
		delete_option( Reconciler::DONE_OPTION );
		parent::tearDown();
	}

	public function test_each_release_made_active_is_reconciled_once_whatever_made_it_active(): void {
		$class = self::unique( 'Jobs' );
		$this->deploy( array( 'jobs' => self::scheduled( $class, "#[Schedule('hourly')] public function sync(): void {} #[Schedule(every: 300)] public function tick(): void {}" ) ) );
		$this->reconciler()->check();
		$this->assertSame( array( 'jobs sync hourly', 'jobs tick svc_every_300' ), self::events() );
		$first = (int) wp_next_scheduled( CronPlan::HOOK, array( 'jobs', 'sync' ) );
		$this->assertGreaterThan( time() + 3000, $first );

		// A release without tick(), then the same check: tick goes, sync keeps its next run.
		$this->deploy( array( 'jobs' => self::scheduled( $class, "#[Schedule('hourly')] public function sync(): void {}" ) ) );
		$this->reconciler()->check();
		$this->assertSame( array( 'jobs sync hourly' ), self::events() );
		$this->assertSame( $first, (int) wp_next_scheduled( CronPlan::HOOK, array( 'jobs', 'sync' ) ) );

		// A rollback is a release like any other.
		$this->deployer->rollback( null, false );
		$this->reconciler()->check();
		$this->assertSame( array( 'jobs sync hourly', 'jobs tick svc_every_300' ), self::events() );
	}

	public function test_the_same_active_release_is_not_reconciled_again(): void {
		$this->deploy( array( 'jobs' => self::scheduled( self::unique( 'Jobs' ), "#[Schedule('daily')] public function sync(): void {}" ) ) );
		$this->reconciler()->check();
		$this->assertSame( 'r' . ( new ReleaseStore() )->active_id(), get_option( Reconciler::DONE_OPTION ) );
		// Removed behind svc's back: the check trusts its marker until another release is active.
		wp_unschedule_hook( CronPlan::HOOK );
		$this->reconciler()->check();
		$this->assertSame( array(), self::events() );
	}

	public function test_the_lock_has_one_holder_and_an_expired_one_is_taken_over(): void {
		$name  = 'svc_sched_lock_test_' . bin2hex( random_bytes( 4 ) );
		$first = DbLock::acquire( $name, 60 );
		$this->assertNotNull( $first );
		$this->assertNull( DbLock::acquire( $name, 60 ) );
		$first->release();
		$second = DbLock::acquire( $name, 1 );
		$this->assertNotNull( $second );
		sleep( 2 );
		$third = DbLock::acquire( $name, 60 );
		$this->assertNotNull( $third, 'an expired lock is taken over' );
		// The expired holder's release does not free the new holder's lock.
		$second->release();
		$this->assertNull( DbLock::acquire( $name, 60 ) );
		$third->release();
	}

	private function reconciler(): Reconciler {
		return new Reconciler( $this->store, new ReleaseStore(), $this->paths );
	}

	private static function scheduled( string $class_name, string $body ): string {
		return self::route( $class_name, 'public function get(): array { return array(); } ' . $body, 'use Svc\\Api\\Attribute\\Schedule;' );
	}

	/** @return list<string> "slug method recurrence" of svc's events, sorted. */
	private static function events(): array {
		$events = array_map(
			static fn ( array $event ): string => $event['slug'] . ' ' . $event['method'] . ' ' . $event['recurrence'],
			CronPlan::present( _get_cron_array() )
		);
		sort( $events );
		return $events;
	}
}
