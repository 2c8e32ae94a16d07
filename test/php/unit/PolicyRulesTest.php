<?php
/**
 * #[Cache] and #[RateLimit] as the scan reads them: the same fixture runs against the CLI's
 * TypeScript (test/shared-rules.test.ts).
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

final class PolicyRulesTest extends TestCase {

	/** @return array<string, array{array<string, mixed>}> */
	public function policy_cases(): array {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/policy-cases.json' ), true, 512, JSON_THROW_ON_ERROR );
		$cases   = array();
		foreach ( $fixture['cases'] as $case ) {
			$cases[ $case['name'] ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @dataProvider policy_cases
	 * @param array<string, mixed> $case
	 */
	public function test_policies_agree_with_the_cli( array $case ): void {
		$scan     = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\n" . $case['source'] );
		$problems = RouteRules::own( $scan );
		$this->assertSame( $case['problems'], array_column( $problems, 'code' ), implode( "\n", array_column( $problems, 'message' ) ) );
		if ( isset( $case['message'] ) ) {
			$this->assertSame( $case['message'], $problems[0]['message'] );
		}
		if ( array_key_exists( 'cache', $case ) ) {
			$policies = $scan->policies();
			$this->assertSame( $case['cache'], $policies['cache'] );
			$this->assertSame( $case['rate'], $policies['rate'] );
		}
	}

	public function test_policy_attributes_do_not_open_or_load_a_closed_route(): void {
		$scan = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\RateLimit;\n#[RateLimit(1, 1)]\nclass A { #[Cache(maxAge: 5)] public function get() {} }" );
		$this->assertSame( array(), $scan->public_verbs() );
		$this->assertTrue( $scan->closed_by_default() );
	}
}
