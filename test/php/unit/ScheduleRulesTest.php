<?php
/**
 * #[Schedule] as the scan reads it: the same fixture runs against the CLI's TypeScript
 * (test/shared-rules.test.ts).
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\ScheduleReader;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

final class ScheduleRulesTest extends TestCase {

	/** @return array<string, array{array<string, mixed>}> */
	public function schedule_cases(): array {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/schedule-cases.json' ), true, 512, JSON_THROW_ON_ERROR );
		$cases   = array();
		foreach ( $fixture['cases'] as $case ) {
			$cases[ $case['name'] ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @dataProvider schedule_cases
	 * @param array<string, mixed> $case
	 */
	public function test_schedules_agree_with_the_cli( array $case ): void {
		$scan     = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\n" . $case['source'] );
		$problems = RouteRules::own( $scan );
		$this->assertSame( $case['problems'], array_column( $problems, 'code' ), implode( "\n", array_column( $problems, 'message' ) ) );
		if ( isset( $case['message'] ) ) {
			$this->assertSame( $case['message'], $problems[0]['message'] );
		}
		if ( array_key_exists( 'schedules', $case ) ) {
			$this->assertSame( $case['schedules'], $scan->schedules()['schedules'] );
		}
	}

	public function test_a_schedule_does_not_open_or_load_a_closed_route(): void {
		$scan = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Schedule;\nclass A { public function get() {} #[Schedule('hourly')] public function sync() {} }" );
		$this->assertSame( array(), $scan->public_verbs() );
		$this->assertTrue( $scan->closed_by_default() );
	}

	public function test_custom_recurrence_names_round_trip_and_refuse_others(): void {
		$this->assertSame( 'svc_every_300', ScheduleReader::every_name( 300 ) );
		$this->assertSame( 300, ScheduleReader::every_seconds( 'svc_every_300' ) );
		$this->assertNull( ScheduleReader::every_seconds( 'svc_every_59' ) );
		$this->assertNull( ScheduleReader::every_seconds( 'svc_every_0300' ) );
		$this->assertNull( ScheduleReader::every_seconds( 'hourly' ) );
		$this->assertNull( ScheduleReader::every_seconds( 'svc_every_300x' ) );
	}
}
