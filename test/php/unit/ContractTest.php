<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Contracts\RouteContract;
use Svc\Scanning\SchemaRules;
use Svc\Routing\Slug;
use Svc\Scanning\LiteralReader;
use Svc\Scanning\TokenScanner;
use Svc\Validation\RouteRules;

/**
 * Route contracts: schemas read from attribute tokens (never run), checked, and turned into what
 * WordPress registers.
 */
final class ContractTest extends TestCase {

	private const HEAD = "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\Returns;\n";

	/** @return list<PhpToken> */
	private static function tokens( string $expression ): array {
		$all = PhpToken::tokenize( "<?php\n" . $expression . ';' );
		return array_values( array_filter( array_slice( $all, 1, -1 ), static fn ( PhpToken $t ): bool => ! $t->isIgnorable() ) );
	}

	/** @return array<string, array{string, mixed}> */
	public function literal_cases(): array {
		return array(
			'short array, nested'    => array(
				"['a' => ['type' => 'integer', 'minimum' => -1], 'b' => [1, 2.5, true, null]]",
				array(
					'a' => array(
						'type'    => 'integer',
						'minimum' => -1,
					),
					'b' => array( 1, 2.5, true, null ),
				),
			),
			'long array, trailing ,' => array( "array( 'x' => 'y', )", array( 'x' => 'y' ) ),
			'escapes in both quotes' => array( "['a\\'b', \"c\\n\\x41\\u{e9}\\u{1F600}\"]", array( "a'b", "c\nAé😀" ) ),
			'numbers in every base'  => array( '[0x1F, 0b11, 0o17, 017, 1_000, 1e3]', array( 31, 3, 15, 15, 1000, 1000.0 ) ),
			'integer keys continue'  => array(
				"[5 => 'a', 'b']",
				array(
					5 => 'a',
					6 => 'b',
				),
			),
			'uppercase and \\ bools' => array( '[TRUE, \\false, Null]', array( true, false, null ) ),
		);
	}

	/** @dataProvider literal_cases */
	public function test_literals_are_read_from_tokens_as_php_would_evaluate_them( string $expression, mixed $expected ): void {
		$read = LiteralReader::read( self::tokens( $expression ), 1 );
		$this->assertArrayHasKey( 'value', $read );
		$this->assertSame( $expected, $read['value'] );
		// The same value PHP gives when it runs it (the reader's whole point is not to).
		$this->assertSame( eval( 'return ' . $expression . ';' ), $read['value'] ); // phpcs:ignore Squiz.PHP.Eval
	}

	/** @return array<string, array{string, string}> */
	public function not_literal_cases(): array {
		return array(
			'a constant'      => array( "['type' => FOO]", 'FOO' ),
			'a call'          => array( "['type' => strtolower('X')]", 'strtolower' ),
			'a concatenation' => array( "['a' . 'b']", '.' ),
			'a class const'   => array( '[self::X]', 'self' ),
			'a variable'      => array( '[$x]', '$x' ),
		);
	}

	/** @dataProvider not_literal_cases */
	public function test_anything_but_a_literal_is_refused_with_its_line( string $expression, string $found ): void {
		$read = LiteralReader::read( self::tokens( "\n" . $expression ), 1 );
		$this->assertArrayHasKey( 'error', $read );
		$this->assertStringContainsString( sprintf( 'found "%s"', $found ), $read['error'] );
		$this->assertSame( 3, $read['line'] );
	}

	/** @return array<string, array{array<string, mixed>, string}> */
	public function bad_schema_cases(): array {
		return array(
			'unknown type'             => array( array( 'type' => 'integr' ), 'unknown type "integr" (did you mean "integer"?)' ),
			'type list with a bad one' => array( array( 'type' => array( 'string', 'text' ) ), 'unknown type "text"' ),
			'no type'                  => array( array( 'minimum' => 1 ), "has no 'type'" ),
			'unknown keyword'          => array(
				array(
					'type'      => 'string',
					'maxLenght' => 3,
				),
				'unknown keyword "maxLenght" (did you mean "maxLength"?)',
			),
			'empty enum'               => array(
				array(
					'type' => 'string',
					'enum' => array(),
				),
				"'enum' must be a non-empty list",
			),
			'enum value of other type' => array(
				array(
					'type' => 'integer',
					'enum' => array( 1, 'two' ),
				),
				'the enum value "two" is not of type integer',
			),
			'default of other type'    => array(
				array(
					'type'    => 'boolean',
					'default' => 'yes',
				),
				'the default "yes" is not of type boolean',
			),
			'minimum above maximum'    => array(
				array(
					'type'    => 'integer',
					'minimum' => 5,
					'maximum' => 1,
				),
				"'minimum' (5) is above 'maximum' (1)",
			),
			'draft-6 exclusiveMinimum' => array(
				array(
					'type'             => 'number',
					'exclusiveMinimum' => 0,
				),
				"'exclusiveMinimum' is a flag in WordPress",
			),
			'exclusive without bound'  => array(
				array(
					'type'             => 'number',
					'exclusiveMaximum' => true,
				),
				"needs 'maximum'",
			),
			'negative minLength'       => array(
				array(
					'type'      => 'string',
					'minLength' => -1,
				),
				"'minLength' must be a whole number",
			),
			'bad pattern'              => array(
				array(
					'type'    => 'string',
					'pattern' => '([a-z]',
				),
				'does not compile',
			),
			'unknown format'           => array(
				array(
					'type'   => 'string',
					'format' => 'e-mail',
				),
				'unknown format "e-mail"',
			),
			'zero multipleOf'          => array(
				array(
					'type'       => 'number',
					'multipleOf' => 0,
				),
				"'multipleOf' must be a number above 0",
			),
			'bad items'                => array(
				array(
					'type'  => 'array',
					'items' => array( 'type' => 'nope' ),
				),
				'unknown type "nope"',
			),
			'bad property'             => array(
				array(
					'type'       => 'object',
					'properties' => array( 'a' => 'string' ),
				),
				'a schema must be an array of keywords',
			),
			'empty anyOf'              => array( array( 'anyOf' => array() ), "'anyOf' must be a non-empty list of schemas" ),
			'required not bool'        => array(
				array(
					'type'     => 'string',
					'required' => 'yes',
				),
				"'required' must be true or false",
			),
		);
	}

	/**
	 * @dataProvider bad_schema_cases
	 * @param array<string, mixed> $schema
	 */
	public function test_schemas_wordpress_would_misread_are_refused_naming_the_problem( array $schema, string $message ): void {
		$problems = SchemaRules::args_problems( array( 'p' => $schema ) );
		$this->assertNotSame( array(), $problems );
		$this->assertStringContainsString( $message, implode( "\n", array_column( $problems, 'message' ) ) );
	}

	public function test_every_supported_feature_passes_and_an_enum_gives_its_type(): void {
		$args = array(
			'id'     => array(
				'type'             => 'integer',
				'minimum'          => 1,
				'maximum'          => 10,
				'exclusiveMaximum' => true,
				'multipleOf'       => 1,
				'required'         => true,
				'description'      => 'The id',
			),
			'status' => array(
				'enum'    => array( 'open', 'closed' ),
				'default' => 'open',
			),
			'tags'   => array(
				'type'        => 'array',
				'items'       => array(
					'type'      => 'string',
					'minLength' => 1,
					'maxLength' => 5,
					'pattern'   => '^[a-z#]+$',
				),
				'minItems'    => 1,
				'maxItems'    => 3,
				'uniqueItems' => true,
			),
			'meta'   => array(
				'type'                 => 'object',
				'properties'           => array(
					'a' => array(
						'type'     => 'boolean',
						'required' => true,
					),
					'b' => array(
						'type'       => 'object',
						'properties' => array( 'c' => array( 'type' => 'integer' ) ),
						'required'   => array( 'c' ),
					),
				),
				'additionalProperties' => false,
				'patternProperties'    => array( '^x-' => array( 'type' => 'string' ) ),
				'minProperties'        => 1,
				'maxProperties'        => 4,
			),
			'when'   => array(
				'type'   => array( 'string', 'null' ),
				'format' => 'date-time',
			),
			'either' => array(
				'anyOf' => array(
					array( 'type' => 'integer' ),
					array(
						'type'   => 'string',
						'format' => 'email',
					),
				),
			),
			'one'    => array(
				'oneOf' => array(
					array(
						'type'   => 'string',
						'format' => 'uuid',
					),
					array(
						'type'   => 'string',
						'format' => 'hex-color',
					),
				),
			),
		);
		$this->assertSame( array(), SchemaRules::args_problems( $args ) );
		$this->assertSame( 'string', SchemaRules::normalize( $args['status'] )['type'] );
		$this->assertSame( 'number', SchemaRules::normalize( array( 'enum' => array( 1, 2.5 ) ) )['type'] );
	}

	public function test_the_scanner_reads_class_and_verb_args_merged_with_returns_and_docblocks(): void {
		$scan = TokenScanner::scan(
			self::HEAD . "/**\n * A user.\n *\n * Looked up by id.\n * @package x\n */\n#[Args(['id' => ['type' => 'integer']])]\n#[Returns(['type' => 'object'])]\nfinal class U {\n"
			. "\t/** One user. */\n\t#[Args(args: ['fields' => ['enum' => ['a', 'b']]])]\n\tpublic function get(): array { return []; }\n"
			. "\t#[Args(['id' => ['type' => 'string']])]\n\t#[Returns(schema: ['type' => 'array'])]\n\tpublic function delete(): array { return []; }\n}\n"
		);
		$this->assertSame( array(), $scan->contract_problems );
		$contract = $scan->contract;
		$this->assertNotNull( $contract );
		$this->assertSame(
			array(
				'summary'     => 'A user.',
				'description' => 'Looked up by id.',
			),
			$contract['doc']
		);
		$this->assertSame(
			array(
				'id'     => array( 'type' => 'integer' ),
				'fields' => array(
					'enum' => array( 'a', 'b' ),
					'type' => 'string',
				),
			),
			$contract['verbs']['get']['args']
		);
		$this->assertSame( array( 'type' => 'object' ), $contract['verbs']['get']['returns'] );
		$this->assertSame( 'One user.', $contract['verbs']['get']['doc']['summary'] ?? null );
		$this->assertSame( array( 'id' => array( 'type' => 'string' ) ), $contract['verbs']['delete']['args'] );
		$this->assertSame( array( 'type' => 'array' ), $contract['verbs']['delete']['returns'] );
		$this->assertNull( $contract['verbs']['delete']['doc'] );
	}

	public function test_a_bad_schema_fails_the_file_with_its_line_at_push_and_boot_alike(): void {
		$scan     = TokenScanner::scan( self::HEAD . "final class U {\n\t#[Args([\n\t\t'id' => ['type' => 'integr'],\n\t])]\n\tpublic function get(): array { return []; }\n}\n" );
		$problems = RouteRules::own( $scan );
		$this->assertCount( 1, $problems );
		$this->assertSame( 'svc_bad_schema', $problems[0]['code'] );
		$this->assertStringContainsString( 'line 7: #[Args] on get() at "id.type": unknown type "integr"', $problems[0]['message'] );
	}

	public function test_args_on_a_method_that_is_no_verb_and_extra_arguments_are_refused(): void {
		$scan = TokenScanner::scan( self::HEAD . "final class U {\n\t#[Args(['a' => ['type' => 'string']])]\n\tpublic function helper(): void {}\n\t#[Args(['a' => ['type' => 'string']], 2)]\n\tpublic function get(): array { return []; }\n\t#[Returns(shape: [])]\n\tpublic function post(): array { return []; }\n}\n" );
		$all  = implode( "\n", $scan->contract_problems );
		$this->assertStringContainsString( 'not on helper()', $all );
		$this->assertStringContainsString( 'takes exactly one argument', $all );
		$this->assertStringContainsString( 'has no parameter "shape"', $all );
	}

	public function test_an_aliased_or_other_namespace_attribute_named_args_is_not_svcs(): void {
		$scan = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\nuse Other\\Args;\nfinal class U {\n\t#[Args(FOO)]\n\tpublic function get(): array { return []; }\n}\n" );
		$this->assertSame( array(), $scan->contract_problems );
		$this->assertSame( array(), $scan->contract['verbs']['get']['args'] ?? null );
	}

	public function test_a_segment_every_verb_declares_integer_matches_digits_only(): void {
		$entry = array(
			'verbs'    => array( 'get', 'delete' ),
			'contract' => array(
				'doc'   => null,
				'verbs' => array(
					'get'    => array(
						'args'    => array(
							'id'   => array( 'type' => 'integer' ),
							'name' => array( 'type' => 'integer' ),
						),
						'returns' => null,
						'doc'     => null,
					),
					'delete' => array(
						'args'    => array( 'id' => array( 'type' => 'integer' ) ),
						'returns' => null,
						'doc'     => null,
					),
				),
			),
		);
		$types = RouteContract::segment_types( $entry, 'users/[id]/[name]' );
		$this->assertSame( array( 'id' => 'integer' ), $types );
		$this->assertSame( 'users/(?P<id>[0-9]+)/(?P<name>[^/]+)', Slug::pattern( 'users/[id]/[name]', $types ) );
		$this->assertSame( array( 'id', 'name' ), Slug::params( 'users/[id]/[name]' ) );
		$args = RouteContract::wp_args( $entry, 'get' );
		$this->assertSame( 'rest_validate_request_arg', $args['id']['validate_callback'] );
		$this->assertSame( 'integer', $args['id']['type'] );
	}

	public function test_args_and_returns_keep_a_file_closed_by_default_but_an_aliased_permission_does_not(): void {
		$closed = TokenScanner::scan( self::HEAD . "#[Args(['id' => ['type' => 'integer']])]\nfinal class U {\n\t#[Returns(['type' => 'object'])]\n\tpublic function get(): array { return []; }\n}\n" );
		$this->assertTrue( $closed->closed_by_default() );
		$aliased = TokenScanner::scan( "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Permission as Args;\n#[Args(public: true)]\nfinal class U {\n\tpublic function get(): array { return []; }\n}\n" );
		$this->assertFalse( $aliased->closed_by_default() );
	}
}
