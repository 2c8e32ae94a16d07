<?php
/**
 * One rule set for push and boot: each case runs through the push validator and through boot (the
 * same files laid on disk by hand, as over SFTP), and both must refuse the same file with the same
 * code's reason, worded alike.
 */
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Validation\PushValidator;
use Svc\Validation\RouteRules;

final class RouteRulesTest extends SvcTestCase {

	private const HEAD = "<?php\ndeclare(strict_types=1);\n";

	/**
	 * Files `a` and `b` (boot gives a name to the file first in order, as the batch does), `%s` made
	 * unique per run (each load declares for the rest of the process), and the file refused with its code.
	 *
	 * @return array<string, array{array<string, string>, string|null, string|null}>
	 */
	public function cases(): array {
		$class = static fn ( string $name, string $extra = '' ): string => self::HEAD . $extra . "\nfinal class {$name} { public function get(): array { return array(); } }\n";
		return array(
			'an abstract class alone'         => array( array( 'a' => self::HEAD . 'abstract class Abs%s { public function get(): array { return array(); } }' ), 'a', 'svc_abstract_class' ),
			'two classes'                     => array( array( 'a' => $class( 'Two%s', 'class Extra%s {}' ) ), 'a', 'svc_class_count' ),
			'only an interface'               => array( array( 'a' => self::HEAD . 'interface OnlyI%s {}' ), 'a', 'svc_class_count' ),
			'the same interface in two files' => array(
				array(
					'a' => $class( 'IA%s', 'interface SameI%s {}' ),
					'b' => $class( 'IB%s', 'interface SameI%s {}' ),
				),
				'b',
				'svc_name_taken',
			),
			'the same trait in two files'     => array(
				array(
					'a' => $class( 'TA%s', 'trait SameT%s {}' ),
					'b' => $class( 'TB%s', 'trait SameT%s {}' ),
				),
				'b',
				'svc_name_taken',
			),
			'the same enum in two files'      => array(
				array(
					'a' => $class( 'EA%s', 'enum SameE%s: string {}' ),
					'b' => $class( 'EB%s', 'enum SameE%s: string {}' ),
				),
				'b',
				'svc_name_taken',
			),
			'an interface named as a class'   => array(
				array(
					'a' => $class( 'Named%s' ),
					'b' => $class( 'NB%s', 'interface Named%s {}' ),
				),
				'b',
				'svc_name_taken',
			),
			'a class named as an interface'   => array(
				array(
					'a' => $class( 'CA%s', 'interface Dup%s {}' ),
					'b' => $class( 'dup%s' ),
				),
				'b',
				'svc_class_taken',
			),
			'the same function in two files'  => array(
				array(
					'a' => $class( 'FA%s', 'function same_f%s() {}' ),
					'b' => $class( 'FB%s', 'function SAME_F%s() {}' ),
				),
				'b',
				'svc_name_taken',
			),
			'a core interface name'           => array( array( 'a' => $class( 'CI%s', 'interface Countable {}' ) ), 'a', 'svc_name_taken' ),
			'a core function name'            => array( array( 'a' => $class( 'CF%s', 'function wp_die() {}' ) ), 'a', 'svc_name_taken' ),
			'PUBLIC: true'                    => array( array( 'a' => $class( 'Up%s', "use Svc\\Api\\Attribute\\Permission;\n#[Permission(PUBLIC: true)]" ) ), 'a', 'svc_bad_permission' ),
			'distinct names pass'             => array(
				array(
					'a' => $class( 'OkA%s', 'interface OkI%s {} function ok_a%s() {}' ),
					'b' => $class( 'OkB%s', 'trait OkT%s {} enum OkE%s {} function ok_b%s() {}' ),
				),
				null,
				null,
			),
		);
	}

	/**
	 * @dataProvider cases
	 * @param array<string, string> $files
	 */
	public function test_push_and_boot_refuse_the_same_file_for_the_same_reason( array $files, ?string $refused, ?string $code ): void {
		$suffix = bin2hex( random_bytes( 4 ) );
		$files  = array_map( static fn ( string $source ): string => str_replace( '%s', $suffix, $source ), $files );

		$failures = ( new PushValidator( array() ) )->validate( $files )['failures'];
		$this->assertSame( null === $refused ? array() : array( $refused ), array_values( array_unique( array_column( $failures, 'filename' ) ) ), print_r( $failures, true ) );
		$this->assertSame( null === $code ? array() : array( $code ), array_column( $failures, 'code' ) );

		mkdir( $this->root . '/api', 0777, true );
		foreach ( $files as $slug => $source ) {
			file_put_contents( $this->root . '/api/' . $slug . '.php', $source );
		}
		foreach ( array_keys( $files ) as $slug ) {
			if ( $slug === $refused ) {
				$this->assertSame( $failures[0]['message'], $this->loader->load( $slug ), 'boot skips it for the reason the push gave' );
			} else {
				$this->assertNull( $this->loader->entry( $slug )['error'] );
			}
		}
	}

	public function test_a_release_is_checked_against_the_names_the_unchanged_files_declare(): void {
		$suffix = bin2hex( random_bytes( 4 ) );
		$this->deploy( array( 'first' => self::route( 'First' . $suffix, 'public function get(): array { return array(); }', "interface Kept{$suffix} {}\nfunction kept_{$suffix}() {}" ) ) );
		$this->assertSame( array( 'Kept' . $suffix => 'interface' ), $this->loader->entry( 'first' )['others'] );

		foreach ( array( "interface Kept{$suffix} {}", "function kept_{$suffix}() {}", "trait kept{$suffix} {}" ) as $clash ) {
			$hash    = hash( 'sha256', $source = self::route( self::unique( 'Second' ), 'public function get(): array { return array(); }', $clash ) );
			$outcome = self::answer( $this->deployer->commit( new \Svc\Release\Change( files: array( 'second' => $hash ), inline: array( $hash => $source ) ) ) );
			$this->assertInstanceOf( WP_Error::class, $outcome, $clash );
			$errors = $outcome->get_error_data()['errors'];
			$this->assertSame( array( 'svc_name_taken' ), array_column( $errors, 'code' ), $clash );
			$this->assertStringContainsString( 'route file first.php', $errors[0]['message'] );
		}
	}

	public function test_a_content_already_checked_is_still_checked_against_the_set(): void {
		$suffix = bin2hex( random_bytes( 4 ) );
		$shared = self::route( 'Shared' . $suffix, 'public function get(): array { return array(); }', "function shared_{$suffix}() {}" );
		$this->deploy( array( 'one' => $shared ) );
		// The same bytes under a second name: their own checks passed already (BlobStore), the clash did not.
		$hash    = hash( 'sha256', $shared );
		$outcome = self::answer( $this->deployer->commit( new \Svc\Release\Change( files: array( 'two' => $hash ) ) ) );
		$this->assertInstanceOf( WP_Error::class, $outcome );
		$this->assertSame( array( 'svc_class_taken', 'svc_name_taken' ), array_column( $outcome->get_error_data()['errors'], 'code' ) );
	}

	public function test_the_rule_set_reports_every_clash_of_a_file(): void {
		$owners = array();
		RouteRules::clashes(
			'a',
			array(
				'class'     => 'A',
				'others'    => array( 'I' => 'interface' ),
				'functions' => array( 'f' ),
			),
			$owners
		);
		$problems = RouteRules::clashes(
			'b',
			array(
				'class'     => 'i',
				'others'    => array( 'a' => 'trait' ),
				'functions' => array( 'F' ),
			),
			$owners
		);
		$this->assertSame(
			array(
				array(
					'code'    => 'svc_class_taken',
					'message' => 'class i is already declared by route file a.php',
				),
				array(
					'code'    => 'svc_name_taken',
					'message' => 'trait a is already declared by route file a.php',
				),
				array(
					'code'    => 'svc_name_taken',
					'message' => 'function F() is already declared by route file a.php',
				),
			),
			$problems
		);
	}
}
