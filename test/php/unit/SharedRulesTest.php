<?php
/**
 * The rules both halves of svc implement: the same fixture runs against the CLI's TypeScript
 * (test/shared-rules.test.ts), so plugin and CLI cannot drift apart.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Api\Attribute\Permission;
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
	 * The fixture is the truth only if PHP agrees: every file svc accepts is compiled (its class
	 * renamed, as fixture classes share names) and PHP's reflection must open exactly the verbs the
	 * scan lists, reading the Permission attribute as the Authorizer does.
	 *
	 * @dataProvider public_cases
	 * @param list<string> $expected
	 */
	public function test_php_opens_exactly_the_verbs_the_scan_lists( string $source, array $expected, bool $bad_permission ): void {
		if ( $bad_permission ) {
			$this->assertNotSame( array(), RouteRules::own( TokenScanner::scan( "<?php\ndeclare(strict_types=1);\n" . $source ) ) );
			return;
		}
		$class = self::compile( $source );
		$open  = array();
		foreach ( array( 'get', 'post', 'put', 'patch', 'delete' ) as $verb ) {
			if ( ! $class->hasMethod( $verb ) || ! $class->getMethod( $verb )->isPublic() ) {
				continue;
			}
			$attributes = $class->getMethod( $verb )->getAttributes( Permission::class );
			$attributes = array() === $attributes ? $class->getAttributes( Permission::class ) : $attributes;
			if ( array() !== $attributes && $attributes[0]->newInstance()->public ) {
				$open[] = strtoupper( $verb );
			}
		}
		$this->assertSame( $expected, $open );
	}

	/**
	 * Declares the fixture's one class under a name of its own.
	 *
	 * @return ReflectionClass<object>
	 */
	private static function compile( string $source ): ReflectionClass {
		static $serial = 0;
		$code          = '';
		$class         = null;
		$next          = false;
		foreach ( PhpToken::tokenize( "<?php\n" . $source ) as $token ) {
			if ( $next && $token->is( T_STRING ) ) {
				$class       = $token->text . '_Case' . ( ++$serial );
				$token->text = $class;
				$next        = false;
			} elseif ( $token->is( T_CLASS ) ) {
				$next = true;
			}
			$code .= $token->text;
		}
		eval( 'declare(strict_types=1);' . substr( $code, 6 ) ); // phpcs:ignore Squiz.PHP.Eval -- fixture code, to ask PHP itself.
		foreach ( get_declared_classes() as $declared ) {
			if ( 0 === strcasecmp( (string) $class, substr( $declared, (int) strrpos( '\\' . $declared, '\\' ) ) ) ) {
				return new ReflectionClass( $declared );
			}
		}
		throw new RuntimeException( 'the fixture declared no class' );
	}
}
