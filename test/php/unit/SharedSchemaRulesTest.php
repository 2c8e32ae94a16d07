<?php
/**
 * #[Args] and #[Returns] schema rules, shared with the CLI (source/core/php-contract.test.ts runs
 * the same fixture), so a local push check and the site refuse the same schemas with the same words.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

final class SharedSchemaRulesTest extends TestCase {

	private const HEAD = "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\Returns;\n";

	/** @return array<string, array{string, string|null, bool}> */
	public function cases(): array {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/schema-cases.json' ), true, 512, JSON_THROW_ON_ERROR );
		$cases   = array();
		foreach ( $fixture['cases'] as $case ) {
			$attribute              = isset( $case['classAttribute'] ) ? $case['classAttribute'] . "\n" : '';
			$cases[ $case['name'] ] = array( self::HEAD . $attribute . "final class Route {\n" . $case['body'] . "\n}\n", $case['problem'], ! empty( $case['siteOnly'] ) );
		}
		return $cases;
	}

	/** @dataProvider cases */
	public function test_the_site_refuses_the_schema_with_the_shared_words( string $source, ?string $problem, bool $prefix ): void {
		$problems = RouteRules::own( TokenScanner::scan( $source ) );
		if ( null === $problem ) {
			$this->assertSame( array(), $problems );
			return;
		}
		$this->assertCount( 1, $problems );
		$this->assertSame( 'svc_bad_schema', $problems[0]['code'] );
		if ( $prefix ) {
			$this->assertStringStartsWith( 'invalid schema: ' . $problem, $problems[0]['message'] );
		} else {
			$this->assertSame( 'invalid schema: ' . $problem, $problems[0]['message'] );
		}
	}
}
