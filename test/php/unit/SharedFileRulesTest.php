<?php
/**
 * What a route file's declare and class count must be, in the same words on both sides: the
 * plugin's push check here, the CLI's local check in test/shared-file-rules.test.ts, one fixture.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

final class SharedFileRulesTest extends TestCase {

	private const RULES = array( 'svc_strict_types', 'svc_class_count' );

	/** @return array<string, array{string, list<array{code: string, message: string}>}> */
	public function cases(): array {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/file-rules.json' ), true, 512, JSON_THROW_ON_ERROR );
		$cases   = array();
		foreach ( $fixture['cases'] as $case ) {
			$cases[ $case['name'] ] = array( $case['source'], $case['problems'] );
		}
		return $cases;
	}

	/**
	 * @dataProvider cases
	 * @param list<array{code: string, message: string}> $expected
	 */
	public function test_the_plugin_words_it_as_the_cli_does( string $source, array $expected ): void {
		$scan     = TokenScanner::scan( $source, 'route.php' );
		$problems = array_values( array_filter( array_merge( RouteRules::strict_types( $scan ), RouteRules::own( $scan ) ), static fn ( array $problem ): bool => in_array( $problem['code'], self::RULES, true ) ) );
		$this->assertSame( $expected, $problems );
	}
}
