<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Storage\Guard;

final class GuardTest extends TestCase {

	/** @return array<string, array{string}> */
	public function sources(): array {
		return array(
			'plain'                  => array( "<?php\ndeclare(strict_types=1);\n\nfinal class A {}\n" ),
			'no trailing newline'    => array( "<?php\ndeclare(strict_types=1);\nclass A {}" ),
			'spaced declare'         => array( "<?php\n\ndeclare( strict_types = 1 );\r\nclass A {}\r\n" ),
			'comment before declare' => array( "<?php\n/** Docs mentioning if ( ! defined( 'ABSPATH' ) ) { exit; } */\ndeclare(strict_types=1);\nclass A {}\n" ),
			'author wrote the guard' => array( "<?php\ndeclare(strict_types=1);" . Guard::TEXT . "\nclass A {}\n" ),
			'same line as class'     => array( '<?php declare(strict_types=1); class A {}' ),
		);
	}

	/** @dataProvider sources */
	public function test_the_stored_file_keeps_every_token_of_the_authors_code( string $source ): void {
		// A guard ending in a line comment hid the rest of a one-line file (its class) from PHP.
		$code = static fn ( string $php ): array => array_values(
			array_map(
				static fn ( PhpToken $token ): string => $token->text,
				array_filter( PhpToken::tokenize( $php ), static fn ( PhpToken $token ): bool => ! $token->isIgnorable() )
			)
		);
		$this->assertSame( $code( $source ), self::without_guard( $code( Guard::inject( $source ) ) ) );
	}

	/**
	 * The code tokens of a stored file without those of the guard statement.
	 *
	 * @param list<string> $tokens
	 * @return list<string>
	 */
	private static function without_guard( array $tokens ): array {
		$guard = array_values(
			array_map(
				static fn ( PhpToken $token ): string => $token->text,
				array_filter( PhpToken::tokenize( '<?php' . Guard::TEXT ), static fn ( PhpToken $token ): bool => ! $token->isIgnorable() && T_OPEN_TAG !== $token->id )
			)
		);
		$at = null;
		for ( $i = 0; $i + count( $guard ) <= count( $tokens ); $i++ ) {
			if ( array_slice( $tokens, $i, count( $guard ) ) === $guard ) {
				$at = $i;
				break;
			}
		}
		return null === $at ? $tokens : array_merge( array_slice( $tokens, 0, $at ), array_slice( $tokens, $at + count( $guard ) ) );
	}

	public function test_strips_the_guard_earlier_versions_stored(): void {
		$source = "<?php\ndeclare(strict_types=1);\nclass A {}\n";
		$earlier = "<?php\ndeclare(strict_types=1);\nif ( ! defined( 'ABSPATH' ) ) { exit; } // svc: direct-access guard.\nclass A {}\n";
		$this->assertSame( $source, Guard::strip( $earlier ) );
	}

	/** @dataProvider sources */
	public function test_strip_returns_exactly_what_the_author_wrote( string $source ): void {
		$stored = Guard::inject( $source );
		$this->assertNotSame( $source, $stored );
		$this->assertSame( $source, Guard::strip( $stored ) );
	}

	/** @dataProvider sources */
	public function test_guard_sits_right_after_the_declare_statement( string $source ): void {
		$stored = Guard::inject( $source );
		$this->assertMatchesRegularExpression( '/declare\s*\(\s*strict_types\s*=\s*1\s*\);' . preg_quote( Guard::TEXT, '/' ) . '/', $stored );
		$this->assertSame( 1, preg_match_all( '/declare\s*\(\s*strict_types/', $stored ), 'the guard adds no second declare' );
	}

	/** @return array<string, array{string, string}> */
	public function namespaced(): array {
		return array(
			'namespace statement' => array( "<?php\ndeclare(strict_types=1);\n\nnamespace App\\Routes;\n\nfinal class A {}\n", 'namespace App\\Routes;' ),
			'braced namespace'    => array( "<?php\ndeclare(strict_types=1);\n/* docs */ namespace App {\nfinal class A {}\n}\n", 'namespace App {' ),
			'global braced'       => array( "<?php\ndeclare(strict_types=1);\nnamespace {\nfinal class A {}\n}\n", 'namespace {' ),
			'single-name'         => array( "<?php\ndeclare(strict_types=1);\nnamespace App;\nfinal class A {}\n", 'namespace App;' ),
		);
	}

	/**
	 * PHP allows nothing between the declare and a namespace declaration, so the guard goes after the
	 * latter: before, every namespaced route file stopped PHP at load.
	 *
	 * @dataProvider namespaced
	 */
	public function test_in_a_namespaced_file_the_guard_follows_the_namespace_declaration( string $source, string $declaration ): void {
		$stored = Guard::inject( $source );
		$this->assertStringContainsString( $declaration . Guard::TEXT, $stored );
		$this->assertSame( $source, Guard::strip( $stored ) );
		$this->assertNotFalse( @token_get_all( $stored, TOKEN_PARSE ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a ParseError fails the test.
	}

	public function test_namespace_relative_names_and_methods_named_namespace_leave_the_guard_after_the_declare(): void {
		foreach ( array( "<?php\ndeclare(strict_types=1);\nnamespace\\f();\nclass A {}\n", "<?php\ndeclare(strict_types=1);\nclass A { function namespace() {} }\n" ) as $source ) {
			$this->assertStringContainsString( 'declare(strict_types=1);' . Guard::TEXT, Guard::inject( $source ) );
		}
	}

	public function test_the_guard_stops_a_direct_request_before_any_code_runs(): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
		$file = tempnam( sys_get_temp_dir(), 'svc' );
		file_put_contents( $file, Guard::inject( "<?php\ndeclare(strict_types=1);\necho 'ran';\n" ) );
		exec( escapeshellarg( PHP_BINARY ) . ' -n ' . escapeshellarg( $file ), $output, $status );
		unlink( $file );
		$this->assertSame( array(), $output );
		$this->assertSame( 0, $status );
	}

	public function test_a_file_without_svc_guard_is_returned_untouched(): void {
		$source = "<?php\ndeclare(strict_types=1);\nclass A {}\n";
		$this->assertSame( $source, Guard::strip( $source ) );
	}

	public function test_lines_of_a_stored_file_are_the_authors(): void {
		$file = $this->stored( "<?php\ndeclare(strict_types=1);\n\nfinal class A {\n\tpublic function get(): array { throw new RuntimeException( 'x' ); }\n}\n" );
		$this->assertSame( 1, Guard::author_line( $file, 1 ) );
		$this->assertSame( 2, Guard::author_line( $file, 2 ), 'the declare line itself' );
		$this->assertSame( 5, Guard::author_line( $file, 6 ), 'the throw, one line below in the stored file' );
		$this->assertStringContainsString( 'throw new', explode( "\n", (string) file_get_contents( $file ) )[5] );
	}

	public function test_lines_of_a_file_without_the_guard_are_left_alone(): void {
		$file = tempnam( sys_get_temp_dir(), 'svc' ) . '.php';
		file_put_contents( $file, "<?php\ndeclare(strict_types=1);\n\nclass A {}\n" );
		$this->assertSame( 4, Guard::author_line( $file, 4 ) );
		$this->assertSame( 9, Guard::author_line( '/no/such/file.php', 9 ) );
		unlink( $file );
	}

	public function test_php_text_naming_a_stored_file_gets_the_authors_lines(): void {
		$file = $this->stored( "<?php\ndeclare(strict_types=1);\nclass A {}\n" );
		$text = "Uncaught Exception: x in {$file}:3\nStack trace:\n#0 {$file}(3): f()\n#1 /other/lib.php(40): g()\nCannot redeclare f() (previously declared in {$file}:3) in {$file} on line 3";
		$this->assertSame(
			"Uncaught Exception: x in {$file}:2\nStack trace:\n#0 {$file}(2): f()\n#1 /other/lib.php(40): g()\nCannot redeclare f() (previously declared in {$file}:2) in {$file} on line 2",
			Guard::author_text( $text )
		);
	}

	/** A temporary file holding $source as svc stores it. */
	private function stored( string $source ): string {
		$file = tempnam( sys_get_temp_dir(), 'svc' );
		unlink( $file );
		$file .= '-[id].php';
		file_put_contents( $file, Guard::inject( $source ) );
		Guard::forget();
		return $file;
	}
}
