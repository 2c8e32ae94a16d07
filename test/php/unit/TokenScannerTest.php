<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\TokenScanner;

final class TokenScannerTest extends TestCase {

	private const HEAD = "<?php\ndeclare(strict_types=1);\n";

	/** @return array<string, array{string, int, bool}> */
	public function strict_types_cases(): array {
		return array(
			'once'                     => array( self::HEAD . 'class A {}', 1, true ),
			'missing'                  => array( "<?php\nclass A {}", 0, false ),
			'twice, second in comment' => array( self::HEAD . "// declare(strict_types=1);\nclass A {}", 2, true ),
			'in a docblock only'       => array( "<?php\n/** declare(strict_types=1); */\nclass A {}", 1, false ),
			'in a string only'         => array( "<?php\nclass A { const X = 'declare(strict_types=1);'; }", 1, false ),
			'spaced and uppercase'     => array( "<?php\nDECLARE ( strict_types = 1 ) ;\nclass A {}", 1, true ),
			'strict_types=0'           => array( "<?php\ndeclare(strict_types=0);\nclass A {}", 0, false ),
			'not first statement'      => array( "<?php\nnamespace X;\ndeclare(strict_types=1);\nclass A {}", 1, false ),
		);
	}

	/** @dataProvider strict_types_cases */
	public function test_strict_types_is_counted_in_the_raw_text_including_comments( string $source, int $count, bool $real ): void {
		$result = TokenScanner::scan( $source );
		$this->assertSame( $count, $result->strict_types_count );
		$this->assertSame( $real, $result->strict_types_real );
	}

	/** @return array<string, array{string, list<string>}> */
	public function class_cases(): array {
		return array(
			'one class'               => array( self::HEAD . 'final class Hello {}', array( 'Hello' ) ),
			'namespaced'              => array( self::HEAD . "namespace App\\Api;\nclass Hello {}", array( 'App\\Api\\Hello' ) ),
			'two classes'             => array( self::HEAD . 'class A {} class B {}', array( 'A', 'B' ) ),
			'none'                    => array( self::HEAD . 'function f() {}', array() ),
			'Foo::class is no class'  => array( self::HEAD . 'class A { function get() { return B::class; } }', array( 'A' ) ),
			'anonymous class ignored' => array( self::HEAD . 'class A { function get() { return new class {}; } }', array( 'A' ) ),
			'attributed anonymous'    => array( self::HEAD . 'class A { function get() { return new #[X] class {}; } }', array( 'A' ) ),
			'interface is no class'   => array( self::HEAD . 'interface I {} class A implements I {}', array( 'A' ) ),
			// A readonly class is PHP 8.2's: PHP 8.1 reads the file as a syntax error, with no class.
			'readonly final class'    => array( self::HEAD . 'final readonly class A {}', PHP_VERSION_ID >= 80200 ? array( 'A' ) : array() ),
		);
	}

	/**
	 * @dataProvider class_cases
	 * @param list<string> $expected
	 */
	public function test_finds_declared_classes_without_running_the_file( string $source, array $expected ): void {
		$this->assertSame( $expected, TokenScanner::scan( $source )->classes );
	}

	/** @return array<string, array{string, array<string, string>}> */
	public function other_class_like_cases(): array {
		return array(
			'interface, trait, enum' => array(
				self::HEAD . 'interface I {} trait T {} enum E: string {} class A {}',
				array(
					'I' => 'interface',
					'T' => 'trait',
					'E' => 'enum',
				),
			),
			'namespaced'             => array( self::HEAD . "namespace App;\ninterface I {}\nclass A implements I {}", array( 'App\\I' => 'interface' ) ),
			'in a function'          => array( self::HEAD . 'function f() { interface Later {} } class A {}', array( 'Later' => 'interface' ) ),
			'constants are no names' => array( self::HEAD . 'class A { public function get() { return [ self::class, E::enum ?? null ]; } }', array() ),
		);
	}

	/**
	 * @dataProvider other_class_like_cases
	 * @param array<string, string> $expected
	 */
	public function test_finds_interfaces_traits_and_enums_beside_the_class( string $source, array $expected ): void {
		$result = TokenScanner::scan( $source );
		$this->assertSame( $expected, $result->others );
		$this->assertCount( 1, $result->classes );
	}

	public function test_an_abstract_class_is_no_instantiable_class(): void {
		$this->assertTrue( TokenScanner::scan( self::HEAD . 'abstract class A {}' )->abstract );
		$this->assertFalse( TokenScanner::scan( self::HEAD . 'final class A {}' )->abstract );
	}

	public function test_permission_arguments_php_has_no_parameter_for_are_listed(): void {
		$result = TokenScanner::scan( self::HEAD . "use Svc\\Api\\Attribute\\Permission;\n#[Permission(PUBLIC: true)] class A { #[Permission(capability: 'x', Callback: 'y')] public function get() {} #[Other(PUBLIC: 1)] public function post() {} }" );
		$this->assertSame( array( 'PUBLIC', 'Callback' ), $result->unknown_permission_arguments() );
		$this->assertSame( array(), $result->public_verbs() );
	}

	public function test_verbs_are_public_methods_named_after_http_verbs(): void {
		$result = TokenScanner::scan(
			self::HEAD . 'class A {
				public function get( \WP_REST_Request $request ): array { return []; }
				function post() {}
				protected function put() {}
				private function patch() {}
				public static function delete() {}
				public function options() {}
				public function headers(): array { return []; }
			}'
		);
		$this->assertSame( array( 'get', 'post', 'delete' ), $result->verbs() );
		$this->assertTrue( $result->has_public_method( 'headers' ) );
		$this->assertFalse( $result->has_public_method( 'permission' ) );
	}

	public function test_methods_of_nested_closures_and_anonymous_classes_are_not_the_routes(): void {
		$result = TokenScanner::scan(
			self::HEAD . 'class A {
				public function get() { $f = function () {}; return new class { public function post() {} }; }
				private string $s = "{$x}";
			}'
		);
		$this->assertSame( array( 'get' ), $result->verbs() );
	}

	/** @return array<string, array{string, list<string>}> */
	public function public_cases(): array {
		$use = "use Svc\\Api\\Attribute\\Permission;\n";
		return array(
			'method attribute, named'          => array( $use . 'class A { #[Permission(public: true)] public function get() {} public function post() {} }', array( 'get' ) ),
			'method attribute, positional'     => array( $use . 'class A { #[Permission(true)] public function get() {} }', array( 'get' ) ),
			'class attribute opens all verbs'  => array( $use . '#[Permission(public: true)] class A { public function get() {} public function post() {} }', array( 'get', 'post' ) ),
			'method attribute overrides class' => array( $use . "#[Permission(public: true)] class A { #[Permission(capability: 'edit_posts')] public function get() {} public function post() {} }", array( 'post' ) ),
			'public: false'                    => array( $use . 'class A { #[Permission(public: false)] public function get() {} }', array() ),
			'fully qualified name'             => array( 'class A { #[\\Svc\\Api\\Attribute\\Permission(public: true)] public function get() {} }', array( 'get' ) ),
			'namespace import'                 => array( "use Svc\\Api\\Attribute;\n" . 'class A { #[Attribute\\Permission(public: true)] public function get() {} }', array( 'get' ) ),
			'group import'                     => array( "use Svc\\Api\\Attribute\\{Permission};\n" . 'class A { #[Permission(public: true)] public function get() {} }', array( 'get' ) ),
			'attribute among others'           => array( $use . 'class A { #[Deprecated, Permission(public: true)] public function get() {} }', array( 'get' ) ),
			'other class named Permission'     => array( "use App\\Permission;\n" . 'class A { #[Permission(public: true)] public function get() {} }', array() ),
			'unimported Permission'            => array( 'class A { #[Permission(public: true)] public function get() {} }', array() ),
			'private verb never counts'        => array( $use . 'class A { #[Permission(public: true)] private function get() {} }', array() ),
			'aliased import'                   => array( "use Svc\\Api\\Attribute\\Permission as Open;\n" . 'class A { #[Open(public: true)] public function get() {} }', array( 'get' ) ),
			'aliased namespace'                => array( "use Svc\\Api\\Attribute as A;\n" . 'class B { #[A\\Permission(public: true)] public function get() {} }', array( 'get' ) ),
			'blind spot: permission() true'    => array( 'class A { public function permission( $r ): bool { return true; } public function get() {} }', array() ),
			'capability is not public'         => array( $use . "class A { #[Permission(capability: 'read')] public function get() {} }", array() ),
		);
	}

	/**
	 * @dataProvider public_cases
	 * @param list<string> $expected
	 */
	public function test_public_detection_resolves_names_as_php_with_one_blind_spot( string $body, array $expected ): void {
		$this->assertSame( $expected, TokenScanner::scan( self::HEAD . $body )->public_verbs() );
	}

	public function test_a_syntax_error_is_reported_with_its_line_and_nothing_is_run(): void {
		$result = TokenScanner::scan( self::HEAD . "class A {\n  public function get() { echo 'ran' \n}\n}\n", 'hello.php' );
		$this->assertSame( 'PHP Parse error: syntax error, unexpected token "}", expecting "," or ";" in hello.php on line 5', $result->parse_error );
		$this->assertSame( array(), $result->classes );
	}

	/** @return array<string, array{string, bool}> */
	public function closed_by_default_cases(): array {
		$get = 'public function get(): array { return array(); }';
		return array(
			'no attribute, no permission()'        => array( "final class A { {$get} }", true ),
			'a class attribute'                    => array( "#[Permission(public: true)] final class A { {$get} }", false ),
			'an aliased attribute'                 => array( "use Svc\\Api\\Attribute\\Permission as P;\n#[P(public: true)] final class A { {$get} }", false ),
			'any other attribute on the class'     => array( "#[Anything] final class A { {$get} }", false ),
			'an attribute on a method'             => array( "final class A { #[Whatever] {$get} }", false ),
			'a public permission()'                => array( "final class A { {$get} public function permission( \$r ): bool { return true; } }", false ),
			'a private permission()'               => array( "final class A { {$get} private function permission(): bool { return true; } }", false ),
			'a parent class'                       => array( "final class A extends B { {$get} }", false ),
			'a trait'                              => array( "final class A { use T; {$get} }", false ),
			'a top-level closure using a variable' => array( "\$f = function () use ( \$x ) { return array( 1 ); };\nfinal class A { {$get} }", true ),
			'a closure using a variable'           => array( 'final class A { public function get(): array { $x = 1; return array_map( function () use ( $x ) { return $x; }, array() ); } }', true ),
		);
	}

	/** @dataProvider closed_by_default_cases */
	public function test_closed_by_default_only_when_nothing_could_open_a_verb( string $body, bool $closed ): void {
		$this->assertSame( $closed, TokenScanner::scan( self::HEAD . $body )->closed_by_default() );
	}
}
