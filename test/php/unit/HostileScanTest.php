<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\DeclareLocator;
use Svc\Scanning\LiteralReader;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

/**
 * Files of legal size but hostile shape (issue 23) read as small ones do: the same classes, methods,
 * attributes and contract, whatever their number or depth. How long they take is the benchmark's
 * business (npm run bench -- scan); these hold what the linear scanner finds.
 */
final class HostileScanTest extends TestCase {

	private const HEAD = "<?php\ndeclare(strict_types=1);\nnamespace App;\nuse Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\Permission;\n";

	public function test_120000_attributes_on_one_method_refuse_the_file_without_holding_them(): void {
		$count  = 120000;
		$source = self::HEAD . "final class Hostile {\n\tpublic function post() {}\n\t" . str_repeat( '#[A]', $count - 1 ) . "#[Permission(public: true)]\n\tpublic function get() {}\n}\n";
		$this->assertGreaterThan( 460 * 1024, strlen( $source ) );
		$this->assertLessThan( 512 * 1024, strlen( $source ) );

		$result = TokenScanner::scan( $source );

		$this->assertSame( 'the file has 120,000 attributes; svc reads at most 1,000 in a route file', $result->too_many_attributes );
		$this->assertCount( TokenScanner::MAX_ATTRIBUTES, $result->methods['get']['attributes'] );
		$this->assertSame( array( array( 'code' => 'svc_too_many_attributes', 'message' => $result->too_many_attributes ) ), array_map( static fn ( array $problem ): array => array( 'code' => $problem['code'], 'message' => $problem['message'] ), RouteRules::own( $result ) ) );
	}

	public function test_up_to_the_limit_every_attribute_is_found_in_order(): void {
		$count  = TokenScanner::MAX_ATTRIBUTES;
		$source = self::HEAD . "final class Hostile {\n\tpublic function post() {}\n\t" . str_repeat( '#[A]', $count - 1 ) . "#[Permission(public: true)]\n\tpublic function get() {}\n}\n";

		$result = TokenScanner::scan( $source );

		$this->assertNull( $result->parse_error );
		$this->assertNull( $result->too_many_attributes );
		$this->assertSame( array( 'App\\Hostile' ), $result->classes );
		$this->assertSame( array( 'get', 'post' ), $result->verbs() );
		$attributes = $result->methods['get']['attributes'];
		$this->assertCount( $count, $attributes );
		$this->assertSame( 'App\\A', $attributes[0]['name'] );
		$this->assertSame( 'Svc\\Api\\Attribute\\Permission', $attributes[ $count - 1 ]['name'] );
		$this->assertSame( array(), $result->methods['post']['attributes'] );
		$this->assertSame( array( 'get' ), $result->public_verbs() );
		$this->assertFalse( $result->closed_by_default() );
		$this->assertSame( array(), $result->contract_problems );
	}

	public function test_attributes_on_the_class_and_in_one_group_count_together(): void {
		$source = self::HEAD . str_repeat( '#[A] ', 400 ) . "final class Hostile {\n\t#[B" . str_repeat( ', B', 499 ) . "]\n\tpublic function get() {}\n}\n";
		$result = TokenScanner::scan( $source );
		$this->assertCount( 400, $result->class_attributes );
		$this->assertCount( 500, $result->methods['get']['attributes'] );
		$this->assertSame( 'App\\B', $result->methods['get']['attributes'][499]['name'] );
		$this->assertNull( $result->too_many_attributes );

		$grouped = self::HEAD . "final class Hostile {\n\t#[B" . str_repeat( ', B', 150000 ) . "]\n\tpublic function get() {}\n}\n";
		$this->assertSame( 'the file has 150,001 attributes; svc reads at most 1,000 in a route file', TokenScanner::scan( $grouped )->too_many_attributes );
	}

	public function test_attributes_of_one_member_are_not_carried_to_the_next(): void {
		$source = self::HEAD . "final class Hostile {\n\t#[A] #[A] public \$x = 1;\n\t#[B] #[B]\n\tpublic function get() {}\n\tpublic function post() {}\n}\n";

		$result = TokenScanner::scan( $source );

		$this->assertSame( array( 'App\\B', 'App\\B' ), array_column( $result->methods['get']['attributes'], 'name' ) );
		$this->assertSame( array(), $result->methods['post']['attributes'] );
	}

	public function test_thousands_of_methods_are_all_found(): void {
		$methods = '';
		for ( $i = 0; $i < 20000; $i++ ) {
			// Attributes on the first ones only: past MAX_ATTRIBUTES the file is refused (above).
			$methods .= "\t/** Method {$i}. */\n\t" . ( $i < 500 ? '#[A] ' : '' ) . "private function m{$i}() {}\n";
		}
		$source = self::HEAD . "final class Hostile {\n" . $methods . "\t/** Reads it. */\n\tpublic function get() {}\n}\n";

		$result = TokenScanner::scan( $source );

		$this->assertCount( 20001, $result->methods );
		$this->assertSame( 'private', $result->methods['m19999']['visibility'] );
		$this->assertSame( '/** Method 19999. */', $result->methods['m19999']['doc'] );
		$this->assertSame( array( 'get' ), $result->verbs() );
		$this->assertSame( 'Reads it.', $result->contract['verbs']['get']['doc']['summary'] ?? null );
	}

	public function test_a_string_of_nearly_the_whole_limit_is_read_whole(): void {
		$long   = str_repeat( 'x', 500 * 1024 );
		$source = self::HEAD . "final class Hostile {\n\t#[Args(['id' => ['type' => 'string', 'description' => '" . $long . "']])]\n\tpublic function get() {}\n}\n";

		$result = TokenScanner::scan( $source );

		$this->assertSame( array(), $result->contract_problems );
		$this->assertSame( $long, $result->contract['verbs']['get']['args']['id']['description'] ?? null );
	}

	public function test_a_literal_nesting_deeper_than_the_limit_is_a_problem_naming_its_line(): void {
		$depth  = LiteralReader::MAX_DEPTH;
		$fits   = "['id' => ['type' => 'array', 'default' => " . str_repeat( '[', $depth - 2 ) . str_repeat( ']', $depth - 2 ) . ']]';
		$deeper = "['id' => ['type' => 'array',\n'default' => " . str_repeat( '[', 9000 ) . str_repeat( ']', 9000 ) . ']]';

		$ok  = TokenScanner::scan( self::HEAD . "final class Hostile {\n\t#[Args(" . $fits . ")]\n\tpublic function get() {}\n}\n" );
		$bad = TokenScanner::scan( self::HEAD . "final class Hostile {\n\t#[Args(" . $deeper . ")]\n\tpublic function get() {}\n}\n" );

		$this->assertSame( array(), $ok->contract_problems );
		$this->assertSame( array( sprintf( 'line 8: #[Args] on get(): arrays nest more than %d deep', $depth ) ), $bad->contract_problems );
	}

	public function test_a_problem_under_a_long_key_names_its_own_line(): void {
		$key    = str_repeat( 'k', 2048 );
		$items  = str_repeat( "'x',\n", 2000 );
		$source = self::HEAD . "final class Hostile {\n\t#[Args(['{$key}' => ['type' => 'object', 'properties' => [\n'a' => ['type' => 'string', 'enum' => [\n" . $items . "],\n'format' => 'nope']]]])]\n\tpublic function get() {}\n}\n";

		$problems = TokenScanner::scan( $source )->contract_problems;

		$this->assertCount( 1, $problems );
		$this->assertStringStartsWith( 'line 2010: #[Args] on get() at "' . $key . '.properties.a.format": unknown format', $problems[0] );
	}

	public function test_the_declare_is_found_in_tokens_as_in_the_source(): void {
		foreach ( array( self::HEAD, "<?php\n// x\nnamespace A;\n", "<?php\nDECLARE ( strict_types = 1 ) ;\n", " <?php\ndeclare(strict_types=1);\n" ) as $source ) {
			$this->assertSame( DeclareLocator::end_offset( $source ), DeclareLocator::end_offset_in( PhpToken::tokenize( $source ) ), $source );
		}
	}
}
