<?php
/**
 * The policy attributes' descriptors (Scanning\PolicyAttributes): the same list as the CLI's
 * (test/fixtures/policy-attributes.json, read by test/policy-attributes.test.ts too), and every
 * place that iterates them agrees with what each descriptor says.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Manifest\Entry;
use Svc\Manifest\ManifestStore;
use Svc\OpenApi\PolicyResponses;
use Svc\Scanning\PolicyAttributes;
use Svc\Scanning\ScheduleReader;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

final class PolicyAttributesTest extends TestCase {

	/** A file declaring every policy, each on the place its descriptor allows. */
	private const ALL_POLICIES = "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\RateLimit;\nuse Svc\\Api\\Attribute\\Schedule;\n"
		. "class A {\n#[Cache(maxAge: 300)]\n#[RateLimit(requests: 5, per: 60)]\npublic function get() {}\n#[Schedule('hourly')]\npublic function sync() {} }";

	public function test_the_descriptors_are_the_shared_fixture(): void {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/policy-attributes.json' ), true, 512, JSON_THROW_ON_ERROR );
		$this->assertSame( $fixture['attributes'], PolicyAttributes::ALL );
	}

	/**
	 * The manifest stores each policy under its entry key, read from its parameters: a change to
	 * either changes what a cached manifest holds, so ManifestStore::VERSION must move with it.
	 * Update the pair below only together with a version bump.
	 */
	public function test_a_change_to_what_the_manifest_stores_bumps_its_version(): void {
		$this->assertSame(
			array( 15, 'cache:maxAge,staleWhileRevalidate;rate:requests,per;schedules:recurrence,every' ),
			array( ManifestStore::VERSION, PolicyAttributes::stored_shape() )
		);
	}

	public function test_the_manifest_entry_stores_every_policy_under_its_key(): void {
		$scan = TokenScanner::scan( self::ALL_POLICIES );
		$this->assertSame( array(), RouteRules::own( $scan ) );
		$entry = Entry::scanned(
			array(
				'path'  => 'a.php',
				'stamp' => '1',
				'size'  => 1,
			),
			'h',
			$scan
		);
		foreach ( PolicyAttributes::ALL as $descriptor ) {
			$this->assertArrayHasKey( $descriptor['entry'], $entry, $descriptor['name'] );
			$this->assertNotEmpty( $entry[ $descriptor['entry'] ], $descriptor['name'] );
		}
	}

	public function test_each_problem_is_refused_with_its_descriptors_code_and_name(): void {
		$source   = "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\RateLimit;\nuse Svc\\Api\\Attribute\\Schedule;\n"
			. "#[Schedule('hourly')]\nclass A {\n#[Cache(maxAge: -1)]\n#[RateLimit(requests: 5)]\npublic function get() {} }";
		$problems = RouteRules::own( TokenScanner::scan( $source ) );
		$this->assertSame( array_column( PolicyAttributes::ALL, 'code' ), array_column( $problems, 'code' ) );
		foreach ( PolicyAttributes::ALL as $index => $descriptor ) {
			$this->assertStringStartsWith( 'invalid #[' . $descriptor['name'] . ']: line ', $problems[ $index ]['message'] );
		}
	}

	public function test_openapi_adds_each_descriptors_statuses_only_for_a_declared_policy(): void {
		$scan  = TokenScanner::scan( self::ALL_POLICIES );
		$entry = Entry::scanned(
			array(
				'path'  => 'a.php',
				'stamp' => '1',
				'size'  => 1,
			),
			'h',
			$scan
		);
		$ok    = array( 200 => array( 'description' => 'OK' ) );
		$with  = PolicyResponses::add( $ok, $entry, 'get' );
		$none  = PolicyResponses::add(
			$ok,
			array(
				'cache' => null,
				'rate'  => array(),
			) + $entry,
			'get'
		);
		foreach ( PolicyAttributes::ALL as $descriptor ) {
			foreach ( $descriptor['openapi'] as $status ) {
				$this->assertArrayHasKey( $status, $with, $descriptor['name'] );
				$this->assertArrayNotHasKey( $status, $none, $descriptor['name'] );
			}
		}
	}

	public function test_the_readers_take_their_ranges_and_values_from_the_descriptors(): void {
		$recurrence = PolicyAttributes::parameters( 'Schedule' )['recurrence'];
		$this->assertSame( $recurrence['values'] ?? null, array_keys( ScheduleReader::RECURRENCES ) );
		$this->assertSame( array( 60, 31536000 ), PolicyAttributes::range( 'Schedule', 'every' ) );
		$this->assertSame( 'svc_every_60', ScheduleReader::every_name( 60 ) );
		$this->assertSame( 60, ScheduleReader::every_seconds( 'svc_every_60' ) );
		$this->assertNull( ScheduleReader::every_seconds( 'svc_every_59' ) );
		$this->assertTrue( PolicyAttributes::is_policy( 'svc\\api\\attribute\\ratelimit' ) );
		$this->assertFalse( PolicyAttributes::is_policy( 'Svc\\Api\\Attribute\\Permission' ) );
		$this->assertSame( array(), PolicyAttributes::parameters( 'Permission' ) );
	}
}
