<?php
/**
 * The secrets' name rule, sealing and store, without WordPress: an array stands in for the option.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Secrets\Cipher;
use Svc\Secrets\Keyring;
use Svc\Secrets\Name;
use Svc\Secrets\SecretStore;
use Svc\Secrets\Slot;

final class ArraySlot implements Slot {

	/** @var array<array-key, mixed> */
	public array $records = array();

	public function read(): array {
		return $this->records;
	}

	public function change( callable $change ): void {
		$this->records = $change( $this->records );
	}
}

/**
 * Secrets are sealed with libsodium: PHP's sodium extension here, or WordPress's sodium_compat on a
 * site. The WebAssembly PHP builds of the version matrix have neither without WordPress.
 *
 * @requires extension sodium
 */
final class SecretsTest extends TestCase {

	/** @return array<string, array{string, bool}> */
	public function name_cases(): array {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/secret-names.json' ), true, 512, JSON_THROW_ON_ERROR );
		$cases   = array();
		foreach ( array( 'valid' => true, 'invalid' => false ) as $key => $valid ) {
			foreach ( $fixture[ $key ] as $name ) {
				$cases[ $key . ' ' . json_encode( $name ) ] = array( $name, $valid );
			}
		}
		return $cases;
	}

	/** @dataProvider name_cases */
	public function test_the_name_rule_matches_the_shared_fixture( string $name, bool $valid ): void {
		$this->assertSame( $valid, Name::valid( $name ) );
	}

	private static function cipher( string $material = 'salts-one' ): Cipher {
		return new Cipher( Keyring::derive( 'salts', $material ) );
	}

	public function test_a_sealed_value_opens_with_the_same_key_and_name_only(): void {
		$box = self::cipher()->seal( 'STRIPE_KEY', 'sk_live_123' );
		$this->assertSame( 'sk_live_123', self::cipher()->open( 'STRIPE_KEY', $box ) );
		$this->assertNull( self::cipher( 'salts-two' )->open( 'STRIPE_KEY', $box ), 'another key' );
		$this->assertNull( self::cipher()->open( 'OTHER', $box ), 'a box moved onto another name' );
		$this->assertNull( self::cipher()->open( 'STRIPE_KEY', substr( $box, 0, -4 ) . 'AAAA' ), 'a damaged box' );
		$this->assertNull( self::cipher()->open( 'STRIPE_KEY', 'not a box' ) );
	}

	public function test_each_seal_has_its_own_nonce_and_no_plaintext(): void {
		$one = self::cipher()->seal( 'A', 'the-same-plaintext' );
		$two = self::cipher()->seal( 'A', 'the-same-plaintext' );
		$this->assertNotSame( $one, $two );
		$this->assertStringNotContainsString( 'the-same-plaintext', $one );
		$this->assertStringNotContainsString( base64_encode( 'the-same-plaintext' ), $one );
	}

	public function test_keys_from_the_constant_and_from_salts_differ(): void {
		$this->assertSame( SODIUM_CRYPTO_SECRETBOX_KEYBYTES, strlen( Keyring::derive( 'constant', 'x' ) ) );
		$this->assertNotSame( Keyring::derive( 'constant', 'x' ), Keyring::derive( 'salts', 'x' ) );
	}

	public function test_set_get_list_and_delete(): void {
		$slot  = new ArraySlot();
		$store = new SecretStore( self::cipher(), $slot );
		$this->assertTrue( $store->set( 'B_KEY', 'bee', 7 ) );
		$this->assertTrue( $store->set( 'A_KEY', 'ay', 7 ) );
		$this->assertFalse( $store->set( 'A_KEY', 'ay-again', 7 ), 'an existing name is replaced' );
		$this->assertSame( 'ay-again', $store->get( 'A_KEY' ) );
		$this->assertNull( $store->get( 'MISSING' ) );
		$this->assertNull( $store->get( 'not-a-name' ) );
		$listing = $store->listing();
		$this->assertSame( array( 'A_KEY', 'B_KEY' ), array_column( $listing, 'name' ) );
		$this->assertSame( array( 'name', 'updated', 'readable' ), array_keys( $listing[0] ) );
		$this->assertEqualsWithDelta( time(), $listing[0]['updated'], 5 );
		$this->assertStringNotContainsString( 'ay-again', serialize( $slot->records ) );
		$this->assertStringNotContainsString( 'ay-again', json_encode( $listing ) );
		$this->assertTrue( $store->delete( 'A_KEY' ) );
		$this->assertFalse( $store->delete( 'A_KEY' ) );
		$this->assertNull( $store->get( 'A_KEY' ) );
	}

	public function test_after_the_key_changes_values_are_unreadable_until_set_again(): void {
		$slot = new ArraySlot();
		( new SecretStore( self::cipher(), $slot ) )->set( 'STRIPE_KEY', 'sk', 1 );
		$moved = new SecretStore( self::cipher( 'new-salts' ), $slot );
		$this->assertNull( $moved->get( 'STRIPE_KEY' ) );
		$this->assertSame( array( 'STRIPE_KEY' ), $moved->unreadable() );
		$moved->set( 'STRIPE_KEY', 'sk2', 1 );
		$this->assertSame( array(), $moved->unreadable() );
		$this->assertSame( 'sk2', $moved->get( 'STRIPE_KEY' ) );
	}

	public function test_without_a_usable_key_nothing_opens_and_nothing_is_set(): void {
		$slot = new ArraySlot();
		( new SecretStore( self::cipher(), $slot ) )->set( 'A', 'v', 1 );
		$keyless = new SecretStore( null, $slot );
		$this->assertNull( $keyless->get( 'A' ) );
		$this->assertSame( array( 'A' ), $keyless->unreadable() );
		$this->expectException( RuntimeException::class );
		$keyless->set( 'B', 'v', 1 );
	}

	public function test_junk_in_the_option_is_ignored(): void {
		$slot          = new ArraySlot();
		$slot->records = array( 'A' => 'junk', 'B' => array( 'box' => 42 ), 3 => array() );
		$store         = new SecretStore( self::cipher(), $slot );
		$this->assertNull( $store->get( 'A' ) );
		$this->assertNull( $store->get( 'B' ) );
		$this->assertSame( array( 'B' ), array_column( $store->listing(), 'name' ) );
	}

	public function test_an_oversized_value_is_refused(): void {
		$this->expectException( RuntimeException::class );
		( new SecretStore( self::cipher(), new ArraySlot() ) )->set( 'A', str_repeat( 'x', SecretStore::MAX_BYTES + 1 ), 1 );
	}
}
