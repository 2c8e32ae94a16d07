<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Manifest\Entry;
use Svc\Validation\PushValidator;

final class PushValidatorTest extends SvcTestCase {

	/** @return array<string, array{string, string, string}> */
	public function rejected_files(): array {
		return array(
			'bad segment'        => array( 'Users/[id]', self::route( 'A1' ), 'svc_invalid_slug' ),
			'no strict_types'    => array( 'a', "<?php\nclass A2 {}", 'svc_strict_types' ),
			'strict_types twice' => array( 'a', self::route( 'A3', '', '// declare(strict_types=1);' ), 'svc_strict_types' ),
			'only in a comment'  => array( 'a', "<?php\n/* declare(strict_types=1); */\nclass A4 {}", 'svc_strict_types' ),
			'two classes'        => array( 'a', self::route( 'A5', '', 'class Extra5 {}' ), 'svc_class_count' ),
			'no class'           => array( 'a', "<?php\ndeclare(strict_types=1);\nfunction f6() {}", 'svc_class_count' ),
			'core class name'    => array( 'a', self::route( 'WP_Post' ), 'svc_class_taken' ),
			'plugin class name'  => array( 'a', self::route( 'Plugin', '', 'namespace Svc;' ), 'svc_class_taken' ),
			'parse error'        => array( 'a', self::route( 'A8', 'public function get() { return ; ; }}' ), 'svc_syntax_error' ),
			'compile error'      => array( 'a', self::route( 'A9', 'function f() {} function f() {}' ), 'svc_syntax_error' ),
		);
	}

	/** @dataProvider rejected_files */
	public function test_each_push_time_check_rejects_with_its_code( string $slug, string $source, string $code ): void {
		$result = ( new PushValidator( array() ) )->validate( array( $slug => $source ) );
		$this->assertContains( $code, array_column( $result['failures'], 'code' ), print_r( $result['failures'], true ) );
		$this->assertSame( array( $slug ), array_values( array_unique( array_column( $result['failures'], 'filename' ) ) ) );
	}

	public function test_a_clean_batch_passes_every_check_including_the_php_syntax_check(): void {
		$result = ( new PushValidator( array() ) )->validate(
			array(
				'hello'      => self::route( self::unique( 'Hello' ) ),
				'users/[id]' => self::route( self::unique( 'User' ) ),
			)
		);
		$this->assertSame( array(), $result['failures'] );
		$this->assertSame( 'php', $result['syntax_check'] );
	}

	public function test_the_syntax_error_message_is_php_s_own_and_names_the_file(): void {
		$result = ( new PushValidator( array() ) )->validate( array( 'broken' => self::route( 'B1', 'function f() {} function f() {}' ) ) );
		$this->assertStringContainsString( 'Cannot redeclare B1::f()', $result['failures'][0]['message'] );
		$this->assertStringContainsString( 'broken.php', $result['failures'][0]['message'] );
	}

	public function test_every_failing_file_of_a_batch_is_reported_at_once(): void {
		$result = ( new PushValidator( array() ) )->validate(
			array(
				'good'  => self::route( self::unique( 'Good' ) ),
				'Bad'   => self::route( self::unique( 'Bad' ) ),
				'worse' => "<?php\nclass Worse {}",
			)
		);
		$this->assertSame( array( 'Bad', 'worse' ), array_values( array_unique( array_column( $result['failures'], 'filename' ) ) ) );
	}

	public function test_class_names_collide_within_the_batch_and_with_deployed_files_case_insensitively(): void {
		$deployed = array(
			'old' => self::entry( 'Shared', 10 ),
		);
		$result   = ( new PushValidator( $deployed ) )->validate(
			array(
				'a' => self::route( 'shared' ),
				'b' => self::route( 'Twin' ),
				'c' => self::route( 'TWIN' ),
			)
		);
		$this->assertSame(
			array(
				'a' => 'route file old.php',
				'c' => 'route file b.php',
			),
			array_map( static fn ( $m ) => preg_replace( '/^.*by (route file \S+)$/', '$1', $m ), array_column( $result['failures'], 'message', 'filename' ) )
		);
	}

	public function test_replacing_a_file_may_keep_its_class_name(): void {
		$deployed = array(
			'hello' => self::entry( 'HelloAgain', 10 ),
		);
		$result   = ( new PushValidator( $deployed ) )->validate( array( 'hello' => self::route( 'HelloAgain' ) ) );
		$this->assertSame( array(), $result['failures'] );
	}

	public function test_two_files_serving_the_same_route_conflict(): void {
		$result = ( new PushValidator(
			array(
				'users/[id]' => self::entry( 'U', 1 ),
			)
		) )->validate( array( 'users/[uid]' => self::route( self::unique( 'U' ) ) ) );
		$this->assertSame( array( 'svc_route_conflict' ), array_column( $result['failures'], 'code' ) );
	}

	public function test_size_limits_follow_their_filters(): void {
		add_filter( 'svc_max_file_bytes', static fn ( int $bytes, string $subdir ): int => 'api' === $subdir ? 100 : $bytes, 10, 2 );
		$result = ( new PushValidator( array() ) )->validate( array( 'big' => self::route( self::unique( 'Big' ), str_repeat( '// padding' . "\n", 20 ) ) ) );
		$this->assertSame( array( 'svc_file_too_large' ), array_column( $result['failures'], 'code' ) );

		remove_all_filters( 'svc_max_file_bytes' );
		add_filter( 'svc_max_files_total_bytes', static fn (): int => 1000 );
		$deployed = array(
			'old' => self::entry( 'Old', 900 ),
		);
		$result   = ( new PushValidator( $deployed ) )->validate( array( 'new' => self::route( self::unique( 'New' ) ) ) );
		$this->assertSame( array( 'svc_total_too_large' ), array_column( $result['failures'], 'code' ) );
	}

	/** A deployed file's manifest entry, as the manifest makes it. */
	private static function entry( string $class_name, int $size ): array {
		return array( 'class' => $class_name ) + Entry::failed(
			array(
				'path'  => '/deployed.php',
				'stamp' => '1:1',
				'size'  => $size,
			),
			null,
			null
		);
	}
}
