<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Secrets\KeySource;

final class KeySourceTest extends TestCase {

	private const PLACEHOLDER = 'put your unique phrase here';

	/** @return array<string, string> Every salt constant with a value of its own. */
	private static function all_salts(): array {
		$salts = array();
		foreach ( array( 'AUTH_KEY', 'AUTH_SALT', 'SECURE_AUTH_KEY', 'SECURE_AUTH_SALT', 'LOGGED_IN_KEY', 'LOGGED_IN_SALT', 'NONCE_KEY', 'NONCE_SALT' ) as $name ) {
			$salts[ $name ] = 'random value of ' . $name;
		}
		return $salts;
	}

	/** @param array<string, mixed> $defined */
	private static function source( array $defined, string ...$placeholders ): string {
		return KeySource::of_salts( $defined, array() === $placeholders ? array( self::PLACEHOLDER ) : array_values( $placeholders ) );
	}

	public function test_salts_in_wp_config_keep_the_key_out_of_the_database(): void {
		$this->assertSame( KeySource::CONFIG, self::source( self::all_salts() ) );
		// Only the auth and secure-auth salts make the key: the others may be missing.
		$this->assertSame( KeySource::CONFIG, self::source( array_diff_key( self::all_salts(), array_flip( array( 'LOGGED_IN_KEY', 'NONCE_SALT' ) ) ) ) );
	}

	/** @return array<string, array{string, mixed}> */
	public function salts_wordpress_replaces_from_the_database(): array {
		return array(
			'the sample placeholder'      => array( 'AUTH_KEY', self::PLACEHOLDER ),
			'missing'                     => array( 'SECURE_AUTH_SALT', null ),
			'empty'                       => array( 'AUTH_SALT', '' ),
			'"0", false to PHP'           => array( 'SECURE_AUTH_KEY', '0' ),
			'shared with another salt'    => array( 'SECURE_AUTH_KEY', 'random value of NONCE_KEY' ),
			'shared with a salt not used' => array( 'AUTH_SALT', 'random value of LOGGED_IN_SALT' ),
		);
	}

	/** @dataProvider salts_wordpress_replaces_from_the_database */
	public function test_one_salt_wordpress_keeps_in_the_database_puts_the_key_there( string $name, mixed $value ): void {
		$salts = self::all_salts();
		if ( null === $value ) {
			unset( $salts[ $name ] );
		} else {
			$salts[ $name ] = $value;
		}
		$this->assertSame( KeySource::DATABASE, self::source( $salts ) );
	}

	public function test_a_translated_placeholder_counts_as_the_placeholder(): void {
		$salts             = self::all_salts();
		$salts['AUTH_KEY'] = 'mettez une phrase unique ici';
		$this->assertSame( KeySource::CONFIG, self::source( $salts ) );
		$this->assertSame( KeySource::DATABASE, self::source( $salts, self::PLACEHOLDER, 'mettez une phrase unique ici' ) );
	}

	public function test_secret_key_and_secret_salt_stand_in_as_wp_salt_lets_them(): void {
		$salts = self::all_salts();
		unset( $salts['AUTH_KEY'], $salts['SECURE_AUTH_KEY'], $salts['AUTH_SALT'] );
		$salts['SECRET_KEY']  = 'an old secret key';
		$salts['SECRET_SALT'] = 'an old secret salt';
		$this->assertSame( KeySource::CONFIG, self::source( $salts ) );
		// SECRET_SALT stands in for the auth salt only.
		unset( $salts['SECURE_AUTH_SALT'] );
		$this->assertSame( KeySource::DATABASE, self::source( $salts ) );
	}

	public function test_a_site_with_every_placeholder_keeps_its_key_in_the_database(): void {
		$this->assertSame( KeySource::DATABASE, self::source( array_map( static fn (): string => self::PLACEHOLDER, self::all_salts() ) ) );
		$this->assertSame( KeySource::DATABASE, self::source( array() ) );
	}
}
