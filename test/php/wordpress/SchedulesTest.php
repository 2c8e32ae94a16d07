<?php
/**
 * #[Schedule] inside WordPress: the reconcile follows the active release whatever made it active,
 * once per release unless WP-Cron lost or doubled svc's events, and the run lock lets one holder in at a time and is taken over once expired.
 */
declare(strict_types=1);

use Svc\Release\ReleaseStore;
use Svc\Schedules\CronPlan;
use Svc\Support\DbLock;
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

	public function test_the_same_active_release_in_step_is_not_reconciled_again(): void {
		$this->deploy( array( 'jobs' => self::scheduled( self::unique( 'Jobs' ), "#[Schedule('daily')] public function sync(): void {}" ) ) );
		$this->reconciler()->check();
		$this->assertSame( 'r' . ( new ReleaseStore() )->active_id() . ':1', get_option( Reconciler::DONE_OPTION ) );
		$writes = 0;
		$count  = static function ( mixed $value ) use ( &$writes ): mixed {
			++$writes;
			return $value;
		};
		add_filter( 'pre_update_option_cron', $count );
		$this->reconciler()->check();
		remove_filter( 'pre_update_option_cron', $count );
		$this->assertSame( 0, $writes, 'nothing to do: the cron option is not written' );
	}

	public function test_events_lost_to_a_stale_copy_of_the_cron_option_come_back_on_the_next_check(): void {
		$this->deploy( array( 'jobs' => self::scheduled( self::unique( 'Jobs' ), "#[Schedule('hourly')] public function sync(): void {} #[Schedule(every: 300)] public function tick(): void {}" ) ) );
		$stale = _get_cron_array();
		$this->reconciler()->check();
		$this->assertSame( array( 'jobs sync hourly', 'jobs tick svc_every_300' ), self::events() );

		// wp-cron.php loaded the option before the reconcile and writes its copy back when its jobs end.
		_set_cron_array( $stale );
		$this->assertSame( array(), self::events() );
		$this->reconciler()->check();
		$this->assertSame( array( 'jobs sync hourly', 'jobs tick svc_every_300' ), self::events() );

		// Two writers that each added one: the copy too many goes.
		$cron = _get_cron_array();
		$cron[ time() + 7200 ][ CronPlan::HOOK ][ md5( serialize( array( 'jobs', 'sync' ) ) ) ] = array( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- WordPress's own key for an event's arguments.
			'schedule' => 'hourly',
			'args'     => array( 'jobs', 'sync' ),
			'interval' => 3600,
		);
		_set_cron_array( $cron );
		$this->reconciler()->check();
		$this->assertSame( array( 'jobs sync hourly', 'jobs tick svc_every_300' ), self::events() );
	}

	public function test_an_event_wordpress_refuses_is_not_tried_again_on_every_request(): void {
		$refuse = static fn ( mixed $pre, object $event ): mixed => CronPlan::HOOK === $event->hook ? false : $pre;
		add_filter( 'pre_schedule_event', $refuse, 10, 2 );
		$this->deploy( array( 'jobs' => self::scheduled( self::unique( 'Jobs' ), "#[Schedule('daily')] public function sync(): void {}" ) ) );
		$this->reconciler()->check();
		$this->assertSame( array(), self::events() );
		$this->assertSame( 'r' . ( new ReleaseStore() )->active_id() . ':0', get_option( Reconciler::DONE_OPTION ) );
		$tries = 0;
		$count = static function ( mixed $pre ) use ( &$tries ): mixed {
			++$tries;
			return $pre;
		};
		add_filter( 'pre_schedule_event', $count, 5 );
		$this->reconciler()->check();
		remove_filter( 'pre_schedule_event', $count, 5 );
		remove_filter( 'pre_schedule_event', $refuse, 10 );
		$this->assertSame( 0, $tries );
	}

	public function test_the_events_get_option_gives_are_counted_not_the_stored_bytes_past_a_filter(): void {
		$this->deploy( array( 'jobs' => self::scheduled( self::unique( 'Jobs' ), "#[Schedule('daily')] public function sync(): void {}" ) ) );
		$this->reconciler()->check();
		$cron = get_option( 'cron' );
		// A plugin keeping WP-Cron's events in a table of its own gives them through the option's
		// filter: the stored option names none of svc's, what WordPress reads holds the one made.
		wp_unschedule_hook( CronPlan::HOOK );
		$give    = static fn (): mixed => $cron;
		add_filter( 'pre_option_cron', $give );
		$queries = 0;
		$count   = static function ( mixed $query ) use ( &$queries ): mixed {
			++$queries;
			return $query;
		};
		add_filter( 'query', $count );
		$this->reconciler()->check();
		remove_filter( 'query', $count );
		remove_filter( 'pre_option_cron', $give );
		$this->assertSame( 0, $queries, 'in step with what WordPress reads: no lock taken, nothing reconciled' );
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
