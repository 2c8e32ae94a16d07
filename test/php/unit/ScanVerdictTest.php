<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Validation\CheckKey;
use Svc\Validation\ScanVerdict;

final class ScanVerdictTest extends TestCase {

	private const NAMES = array(
		'class'     => 'Acme\\Hello',
		'others'    => array( 'Acme\\Shape' => 'interface' ),
		'functions' => array( 'acme\\helper' ),
	);

	public function test_a_verdict_reads_back_the_names_under_the_key_it_was_given(): void {
		$stored = ScanVerdict::encode( 'key-1', self::NAMES );
		$this->assertNotNull( $stored );
		$this->assertSame( self::NAMES, ScanVerdict::decode( $stored, 'key-1' ) );
	}

	public function test_a_verdict_of_other_rules_or_none_is_no_verdict(): void {
		$this->assertNull( ScanVerdict::decode( ScanVerdict::encode( 'key-1', self::NAMES ), 'key-2' ) );
		$this->assertNull( ScanVerdict::decode( null, 'key-1' ) );
		$this->assertNull( ScanVerdict::decode( '', 'key-1' ) );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function not_verdicts(): array {
		$names = static fn ( array $names ): string => (string) json_encode( // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- as ScanVerdict writes it.
			array(
				'key'   => 'k',
				'names' => $names,
			)
		);
		return array(
			'not json'              => array( '{"key":"k",' ),
			'no names'              => array( '{"key":"k"}' ),
			'no class'              => array(
				$names(
					array(
						'class'     => null,
						'others'    => array(),
						'functions' => array(),
					)
				),
			),
			'a class of no name'    => array(
				$names(
					array(
						'class'     => '',
						'others'    => array(),
						'functions' => array(),
					)
				),
			),
			'others as a list'      => array(
				$names(
					array(
						'class'     => 'A',
						'others'    => array( 'B' ),
						'functions' => array(),
					)
				),
			),
			'functions as a map'    => array(
				$names(
					array(
						'class'     => 'A',
						'others'    => array(),
						'functions' => array( 'f' => 'g' ),
					)
				),
			),
			'a function of no name' => array(
				$names(
					array(
						'class'     => 'A',
						'others'    => array(),
						'functions' => array( '' ),
					)
				),
			),
			'a number for a kind'   => array(
				$names(
					array(
						'class'     => 'A',
						'others'    => array( 'B' => 1 ),
						'functions' => array(),
					)
				),
			),
			'a key more'            => array(
				$names(
					array(
						'class'     => 'A',
						'others'    => array(),
						'functions' => array(),
						'extra'     => 1,
					)
				),
			),
			'a key less'            => array(
				$names(
					array(
						'class'  => 'A',
						'others' => array(),
					)
				),
			),
		);
	}

	/**
	 * @dataProvider not_verdicts
	 */
	public function test_anything_but_the_shape_written_is_no_verdict( string $stored ): void {
		$this->assertNull( ScanVerdict::decode( $stored, 'k' ) );
	}

	public function test_names_that_json_cannot_hold_are_not_kept(): void {
		$this->assertNull(
			ScanVerdict::encode(
				'k',
				array(
					'class'     => "Caf\xE9",
					'others'    => array(),
					'functions' => array(),
				)
			)
		);
	}

	public function test_the_key_changes_with_php_the_version_and_any_byte_of_the_rules(): void {
		$sources = array(
			'Scanning/TokenScanner.php' => '<?php // scanner',
			'Validation/RouteRules.php' => '<?php // rules',
		);
		$key     = CheckKey::of( '8.2', '1.0.0', $sources );
		$this->assertSame( $key, CheckKey::of( '8.2', '1.0.0', array_reverse( $sources, true ) ) );
		$this->assertNotSame( $key, CheckKey::of( '8.3', '1.0.0', $sources ) );
		$this->assertNotSame( $key, CheckKey::of( '8.2', '1.0.1', $sources ) );
		$this->assertNotSame( $key, CheckKey::of( '8.2', '1.0.0', array( 'Validation/RouteRules.php' => '<?php // rules!' ) + $sources ) );
		$this->assertNotSame( $key, CheckKey::of( '8.2', '1.0.0', $sources + array( 'Routing/Slug.php' => '' ) ) );
		// A byte moved from one file to the next is another set of rules.
		$this->assertNotSame(
			CheckKey::of(
				'8.2',
				'1',
				array(
					'a' => 'xy',
					'b' => 'z',
				)
			),
			CheckKey::of(
				'8.2',
				'1',
				array(
					'a' => 'x',
					'b' => 'yz',
				)
			)
		);
	}

	public function test_the_plugins_rules_are_read_from_its_own_source(): void {
		$sources = CheckKey::sources( dirname( __DIR__, 3 ) . '/plugin/src' );
		$this->assertNotNull( $sources );
		foreach ( array( 'Scanning/TokenScanner.php', 'Validation/RouteRules.php', 'Validation/Reasons.php', 'Routing/Slug.php', 'Api/Attribute/Cache.php' ) as $path ) {
			$this->assertArrayHasKey( $path, $sources );
		}
		$this->assertNull( CheckKey::sources( sys_get_temp_dir() . '/svc-no-such-src' ) );
	}
}
