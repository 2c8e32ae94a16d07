<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\AnswerKey;

final class EarlyCacheKeyTest extends TestCase {

	private const HASH = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

	/** @return array<string, array{array<mixed>, array<mixed>}> */
	public function same_answers(): array {
		return array(
			'no arguments'               => array( array(), array() ),
			'order of parameters'        => array(
				array(
					'query' => array(
						'a' => '1',
						'b' => '2',
					),
				),
				array(
					'query' => array(
						'b' => '2',
						'a' => '1',
					),
				),
			),
			'path before query or after' => array(
				array(
					'path'  => array( 'id' => '7' ),
					'query' => array( 'a' => '1' ),
				),
				array(
					'query' => array( 'a' => '1' ),
					'path'  => array( 'id' => '7' ),
				),
			),
			'integer and numeric string' => array( array( 'query' => array( 'n' => 5 ) ), array( 'query' => array( 'n' => '5' ) ) ),
		);
	}

	/**
	 * @dataProvider same_answers
	 * @param array<mixed> $one
	 * @param array<mixed> $other
	 */
	public function test_equal_requests_share_a_key( array $one, array $other ): void {
		$this->assertSame( AnswerKey::for( 's', 'hello', self::HASH, $one ), AnswerKey::for( 's', 'hello', self::HASH, $other ) );
	}

	/** @return array<string, array{array{string, string, string, array<mixed>}, array{string, string, string, array<mixed>}}> */
	public function different_answers(): array {
		$base = array( 's', 'hello', self::HASH, array( 'query' => array( 'a' => '1' ) ) );
		return array(
			'another site'                             => array( $base, array( 't', 'hello', self::HASH, array( 'query' => array( 'a' => '1' ) ) ) ),
			'another route'                            => array( $base, array( 's', 'hello2', self::HASH, array( 'query' => array( 'a' => '1' ) ) ) ),
			'the file changed'                         => array( $base, array( 's', 'hello', str_repeat( 'b', 64 ), array( 'query' => array( 'a' => '1' ) ) ) ),
			'another value'                            => array( $base, array( 's', 'hello', self::HASH, array( 'query' => array( 'a' => '2' ) ) ) ),
			'another parameter'                        => array( $base, array( 's', 'hello', self::HASH, array( 'query' => array( 'b' => '1' ) ) ) ),
			'a list keeps its order'                   => array( array( 's', 'h', self::HASH, array( 'query' => array( 't' => array( 'x', 'y' ) ) ) ), array( 's', 'h', self::HASH, array( 'query' => array( 't' => array( 'y', 'x' ) ) ) ) ),
			'a value is not a list'                    => array( array( 's', 'h', self::HASH, array( 'query' => array( 't' => 'x' ) ) ), array( 's', 'h', self::HASH, array( 'query' => array( 't' => array( 'x' ) ) ) ) ),
			'parts cannot shift'                       => array( array( 'a', 'bc', self::HASH, array() ), array( 'ab', 'c', self::HASH, array() ) ),
			'inside a value, the order the route sees' => array(
				array(
					's',
					'h',
					self::HASH,
					array(
						'query' => array(
							't' => array(
								1 => 'x',
								0 => 'y',
							),
						),
					),
				),
				array( 's', 'h', self::HASH, array( 'query' => array( 't' => array( 'y', 'x' ) ) ) ),
			),
			'an object value\'s order'                 => array(
				array(
					's',
					'h',
					self::HASH,
					array(
						'query' => array(
							'f' => array(
								'x' => '1',
								'y' => '2',
							),
						),
					),
				),
				array(
					's',
					'h',
					self::HASH,
					array(
						'query' => array(
							'f' => array(
								'y' => '2',
								'x' => '1',
							),
						),
					),
				),
			),
			'a path or a query value'                  => array( array( 's', 'h', self::HASH, array( 'path' => array( 'a' => '1' ) ) ), array( 's', 'h', self::HASH, array( 'query' => array( 'a' => '1' ) ) ) ),
			'empty value vs. missing'                  => array( array( 's', 'h', self::HASH, array( 'query' => array( 'a' => '' ) ) ), array( 's', 'h', self::HASH, array() ) ),
		);
	}

	/**
	 * @dataProvider different_answers
	 * @param array{string, string, string, array<mixed>} $one
	 * @param array{string, string, string, array<mixed>} $other
	 */
	public function test_anything_that_may_change_the_answer_changes_the_key( array $one, array $other ): void {
		$this->assertNotSame( AnswerKey::for( ...$one ), AnswerKey::for( ...$other ) );
	}

	public function test_a_key_is_short_and_safe_as_a_file_name(): void {
		$key = AnswerKey::for( 'https://example.test/', 'a/[id]/b', self::HASH, array( 'query' => array( 'q' => str_repeat( '/..', 600 ) ) ) );
		$this->assertIsString( $key );
		$this->assertMatchesRegularExpression( '/^svc-v1-[0-9a-f]{64}$/', $key );
	}

	public function test_arguments_that_are_not_utf8_get_no_key(): void {
		$this->assertNull( AnswerKey::for( 's', 'hello', self::HASH, array( 'query' => array( 'a' => "\xff" ) ) ) );
	}
}
