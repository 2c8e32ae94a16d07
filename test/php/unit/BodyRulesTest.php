<?php
/**
 * Strict management bodies without WordPress: a field's JSON shape as sent (JsonShape), the strict
 * boolean and release id (FieldRules), and a secret's value (SecretValue), refused in the URL.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Rest\FieldRules;
use Svc\Rest\JsonShape;
use Svc\Rest\SecretValue;

final class BodyRulesTest extends TestCase {

	/**
	 * @return array<string, array{0: string|null, 1: mixed, 2: bool, 3: bool}>
	 */
	public static function shapes(): array {
		return array(
			'a JSON object'                     => array( '{"f": {"a": "x"}}', array( 'a' => 'x' ), true, false ),
			'an empty JSON object'              => array( '{"f": {}}', array(), true, false ),
			'a JSON array'                      => array( '{"f": ["x"]}', array( 'x' ), false, true ),
			'an empty JSON array'               => array( '{"f": []}', array(), false, true ),
			'an object of index keys'           => array( '{"f": {"0": "x"}}', array( 'x' ), true, false ),
			'a string'                          => array( '{"f": "x"}', 'x', false, false ),
			'null'                              => array( '{"f": null}', null, false, false ),
			'a form\'s list (no JSON body)'     => array( null, array( 'x' ), false, true ),
			'a form\'s map (no JSON body)'      => array( null, array( 'a' => 'x' ), true, false ),
			'a form\'s empty array'             => array( null, array(), true, true ),
			'a form\'s string'                  => array( null, 'x', false, false ),
			'a JSON body without the field'     => array( '{"g": 1}', array( 'x' ), false, true ),
			'a JSON body that is not an object' => array( '["x"]', array( 'a' => 'x' ), true, false ),
		);
	}

	/**
	 * @dataProvider shapes
	 */
	public function test_a_field_is_the_shape_it_was_sent_as( ?string $json, mixed $value, bool $object, bool $list ): void {
		$sent = JsonShape::sent( null === $json ? null : JsonShape::body( $json ), 'f' );
		$this->assertSame( $object, JsonShape::is_object( $sent, $value ) );
		$this->assertSame( $list, JsonShape::is_list( $sent, $value ) );
	}

	/**
	 * @return array<string, array{0: mixed, 1: bool, 2: bool}>
	 */
	public static function values(): array {
		return array(
			'true'     => array( true, true, false ),
			'false'    => array( false, true, false ),
			'"true"'   => array( 'true', false, false ),
			'1'        => array( 1, false, true ),
			'0'        => array( 0, false, true ),
			'"5"'      => array( '5', false, false ),
			'5.0'      => array( 5.0, false, false ),
			'an array' => array( array(), false, false ),
		);
	}

	/**
	 * @dataProvider values
	 */
	public function test_booleans_and_release_ids_are_strict( mixed $value, bool $boolean, bool $release_id ): void {
		$this->assertSame( $boolean, is_null( FieldRules::boolean( 'dry_run', $value ) ) );
		$this->assertSame( $release_id, is_null( FieldRules::release_id( 'base', $value ) ) );
	}

	public function test_a_problem_names_the_field(): void {
		$this->assertSame( 'dry_run must be a boolean (true or false).', FieldRules::boolean( 'dry_run', 'yes' ) );
		$this->assertSame( 'base must be a release id (an integer).', FieldRules::release_id( 'base', '3' ) );
	}

	public function test_an_absent_field_is_checked_only_when_required(): void {
		$this->assertFalse( FieldRules::checked( null, false ) );
		$this->assertTrue( FieldRules::checked( null, true ) );
		$this->assertTrue( FieldRules::checked( false, false ) );
		$this->assertTrue( FieldRules::checked( 0, false ) );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>, 1: mixed, 2: string|null}>
	 */
	public static function secret_values(): array {
		$good = array( 'value' => 'sk_live_1' );
		return array(
			'a string in the body'           => array( array(), $good, null ),
			'in the URL, beside a good body' => array( array( 'value' => 'sk_live_1' ), $good, 'never in the URL' ),
			'in the URL, empty'              => array( array( 'value' => '' ), $good, 'never in the URL' ),
			'no JSON body'                   => array( array(), null, 'must be a JSON object with value' ),
			'a body without value'           => array( array(), array( 'other' => 'x' ), 'must be a JSON object with value' ),
			'a number'                       => array( array(), array( 'value' => 5 ), 'value must be a string' ),
			'null'                           => array( array(), array( 'value' => null ), 'value must be a string' ),
			'empty'                          => array( array(), array( 'value' => '' ), 'value is empty' ),
			'at the limit'                   => array( array(), array( 'value' => str_repeat( 'a', 65536 ) ), null ),
			'over the limit'                 => array( array(), array( 'value' => str_repeat( 'a', 65537 ) ), 'longer than 65536 bytes' ),
		);
	}

	/**
	 * @dataProvider secret_values
	 * @param array<string, mixed> $query
	 */
	public function test_a_secret_value_comes_in_the_body_only( array $query, mixed $body, ?string $problem ): void {
		$said = SecretValue::problem( $query, $body );
		if ( null === $problem ) {
			$this->assertNull( $said );
			$this->assertSame( $body['value'], SecretValue::value( $body ) );
			return;
		}
		$this->assertIsString( $said );
		$this->assertStringContainsString( $problem, $said );
		$this->assertStringNotContainsString( 'sk_live_1', $said );
	}
}
