<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\Limits\ClientBucket;

final class ClientBucketTest extends TestCase {

	/** @return array<string, array{string, int, string}> */
	public function cases(): array {
		return array(
			'IPv4 as is'                       => array( '192.0.2.1', 64, '192.0.2.1' ),
			'IPv4 with blanks'                 => array( ' 192.0.2.1 ', 64, '192.0.2.1' ),
			'IPv4-mapped IPv6 is the IPv4'     => array( '::ffff:192.0.2.1', 64, '192.0.2.1' ),
			'IPv4-mapped, upper case'          => array( '::FFFF:C000:0201', 64, '192.0.2.1' ),
			'IPv6 by its /64'                  => array( '2001:db8:1:2:aaaa:bbbb:cccc:dddd', 64, '2001:db8:1:2::/64' ),
			'upper case is the same client'    => array( '2001:DB8:1:2::1', 64, '2001:db8:1:2::/64' ),
			'zeros written out too'            => array( '2001:0db8:0001:0002:0000:0000:0000:0001', 64, '2001:db8:1:2::/64' ),
			'another /64 is another client'    => array( '2001:db8:1:3::1', 64, '2001:db8:1:3::/64' ),
			'a /48 prefix'                     => array( '2001:db8:1:ffff::1', 48, '2001:db8:1::/48' ),
			'a prefix not on a byte'           => array( '2001:db8:1:ffff::1', 50, '2001:db8:1:c000::/50' ),
			'/128: each address'               => array( '2001:db8::1', 128, '2001:db8::1/128' ),
			'a prefix out of range is /64'     => array( '2001:db8:1:2::1', 129, '2001:db8:1:2::/64' ),
			'a prefix of 0 is /64'             => array( '2001:db8:1:2::1', 0, '2001:db8:1:2::/64' ),
			'loopback'                         => array( '::1', 64, '::/64' ),
			'not an address: kept, lower case' => array( 'UNIX-Socket', 64, 'unix-socket' ),
			'nothing'                          => array( '', 64, '' ),
		);
	}

	/**
	 * @dataProvider cases
	 */
	public function test_one_client_is_one_key( string $address, int $prefix, string $expected ): void {
		$this->assertSame( $expected, ClientBucket::key( $address, $prefix ) );
	}

	public function test_eight_addresses_of_one_64_are_one_bucket(): void {
		$keys = array();
		for ( $i = 1; $i <= 8; $i++ ) {
			$keys[] = ClientBucket::key( sprintf( '2001:db8:abcd:12:%x::%x', $i * 4097, $i ) );
		}
		$this->assertSame( array( '2001:db8:abcd:12::/64' ), array_values( array_unique( $keys ) ) );
	}
}
