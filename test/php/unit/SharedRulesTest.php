<?php
/**
 * The rules both halves of svc implement: the same fixture runs against the CLI's TypeScript
 * (test/shared-rules.test.ts), so plugin and CLI cannot drift apart.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Routing\Slug;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

final class SharedRulesTest extends TestCase {

	/** @return array<string, mixed> */
	private static function fixture( string $name ): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/' . $name ), true, 512, JSON_THROW_ON_ERROR );
	}

	/** @return array<string, array{string, bool}> */
	public function slug_cases(): array {
		$fixture = self::fixture( 'slug-cases.json' );
		$cases   = array();
		foreach ( array(
			'valid'   => true,
			'invalid' => false,
		) as $key => $valid ) {
			foreach ( $fixture[ $key ] as $slug ) {
				$cases[ ( $valid ? 'valid ' : 'invalid ' ) . json_encode( $slug ) ] = array( $slug, $valid );
			}
		}
		return $cases;
	}

	/** @return array<string, array{string, bool}> */
	public function removal_cases(): array {
		$fixture = self::fixture( 'slug-cases.json' );
		$cases   = array();
		foreach ( array(
			'valid'       => true,
			'removable'   => true,
			'unremovable' => false,
		) as $key => $removable ) {
			foreach ( $fixture[ $key ] as $name ) {
				$cases[ $key . ' ' . json_encode( $name ) ] = array( $name, $removable );
			}
		}
		return $cases;
	}

	/** @dataProvider removal_cases */
	public function test_removable_names_agree_with_the_cli( string $name, bool $removable ): void {
		$this->assertSame( $removable, null === Slug::removal_problem( $name ), (string) Slug::removal_problem( $name ) );
		if ( ! in_array( $name, self::fixture( 'slug-cases.json' )['valid'], true ) && $removable ) {
			$this->assertFalse( Slug::is_valid( $name ), 'a removable name in the fixture breaks the slug rules' );
		}
	}

	/** @dataProvider slug_cases */
	public function test_slug_rules_agree_with_the_cli( string $slug, bool $valid ): void {
		$this->assertSame( $valid, Slug::is_valid( $slug ), (string) Slug::problem( $slug ) );
	}

	/** @return array<string, array{string, list<string>, bool, string|null}> */
	public function public_cases(): array {
		$cases = array();
		foreach ( self::fixture( 'public-detection.json' )['cases'] as $case ) {
			$cases[ $case['name'] ] = array( $case['source'], $case['publicVerbs'], $case['badPermission'] ?? false, $case['message'] ?? null );
		}
		return $cases;
	}

	/**
	 * @dataProvider public_cases
	 * @param list<string> $expected
	 */
	public function test_public_detection_agrees_with_the_cli( string $source, array $expected, bool $bad_permission, ?string $message ): void {
		$scan = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\n" . $source );
		$this->assertSame( $expected, array_map( 'strtoupper', $scan->public_verbs() ) );
		// The same rule set refuses it at push and skips it at boot.
		$this->assertSame( $bad_permission ? array( 'svc_bad_permission' ) : array(), array_column( RouteRules::own( $scan ), 'code' ) );
		if ( null !== $message ) {
			$this->assertSame( $message, RouteRules::own( $scan )[0]['message'] );
		}
	}

	/**
	 * The fixture is the truth only if PHP agrees: every file svc accepts is run (in a process of
	 * its own) and PHP's reflection must open exactly the verbs the scan lists.
	 *
	 * @dataProvider public_cases
	 * @param list<string> $expected
	 */
	public function test_php_opens_exactly_the_verbs_the_scan_lists( string $source, array $expected, bool $bad_permission ): void {
		if ( $bad_permission ) {
			$this->assertNotSame( array(), RouteRules::own( TokenScanner::scan( "<?php\ndeclare(strict_types=1);\n" . $source ) ) );
			return;
		}
		$file = (string) tempnam( sys_get_temp_dir(), 'svc-public' );
		file_put_contents( $file, "<?php\ndeclare(strict_types=1);\n" . $source );
		try {
			$command = escapeshellarg( PHP_BINARY ) . ' -n ' . escapeshellarg( dirname( __DIR__ ) . '/reflected-public.php' ) . ' ' . escapeshellarg( $file ) . ' 2>&1';
			$output  = (string) shell_exec( $command ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- a child PHP, so fixture classes may share names.
		} finally {
			unlink( $file );
		}
		$this->assertSame( $expected, json_decode( $output, true ), $output );
	}
}
