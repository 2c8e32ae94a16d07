<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\Limits\ClientAddress;

final class ClientAddressTest extends TestCase {

	/** @return array<string, array{array<string, string>, mixed, string}> */
	public function cases(): array {
		return array(
			'no setting: REMOTE_ADDR, forwarded ignored'   => array( array( 'REMOTE_ADDR' => '203.0.113.9', 'HTTP_X_FORWARDED_FOR' => '1.2.3.4' ), null, '203.0.113.9' ),
			'untrusted remote: forwarded ignored'          => array( array( 'REMOTE_ADDR' => '203.0.113.9', 'HTTP_X_FORWARDED_FOR' => '1.2.3.4' ), '10.0.0.1', '203.0.113.9' ),
			'trusted remote: right-most untrusted hop'     => array( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_X_FORWARDED_FOR' => '6.6.6.6, 198.51.100.7' ), '10.0.0.1', '198.51.100.7' ),
			'forged left hops are skipped'                 => array( array( 'REMOTE_ADDR' => '10.0.0.2', 'HTTP_X_FORWARDED_FOR' => '1.1.1.1, 198.51.100.7, 10.0.0.5' ), '10.0.0.0/8', '198.51.100.7' ),
			'list as a comma-separated string'             => array( array( 'REMOTE_ADDR' => '172.16.0.3', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7' ), '10.0.0.0/8, 172.16.0.0/12', '198.51.100.7' ),
			'list as an array'                             => array( array( 'REMOTE_ADDR' => '172.16.0.3', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7' ), array( '192.168.0.0/16', '172.16.0.0/12' ), '198.51.100.7' ),
			'outside the CIDR range'                       => array( array( 'REMOTE_ADDR' => '172.32.0.3', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7' ), '172.16.0.0/12', '172.32.0.3' ),
			'IPv6 proxy and client'                        => array( array( 'REMOTE_ADDR' => '2001:db8::10', 'HTTP_X_FORWARDED_FOR' => '2001:db8:ffff::1' ), '2001:db8::/64', '2001:db8:ffff::1' ),
			'IPv6 hop with brackets and port'              => array( array( 'REMOTE_ADDR' => '::1', 'HTTP_X_FORWARDED_FOR' => '[2001:db8:ffff::1]:443' ), '::1', '2001:db8:ffff::1' ),
			'IPv4 hop with port'                           => array( array( 'REMOTE_ADDR' => '::1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7:5000' ), '::1', '198.51.100.7' ),
			'no header from a trusted proxy'               => array( array( 'REMOTE_ADDR' => '10.0.0.1' ), '10.0.0.1', '10.0.0.1' ),
			'garbage hop stops the walk'                   => array( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7, nonsense' ), '10.0.0.1', '10.0.0.1' ),
			'every hop trusted: the left-most'             => array( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_X_FORWARDED_FOR' => '10.0.0.3, 10.0.0.2' ), '10.0.0.0/8', '10.0.0.3' ),
			'an IPv4 range never matches IPv6'             => array( array( 'REMOTE_ADDR' => '::ffff:10.0.0.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7' ), '10.0.0.0/8', '::ffff:10.0.0.1' ),
			'a bad prefix length trusts nothing'           => array( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.7' ), '10.0.0.0/33', '10.0.0.1' ),
		);
	}

	/**
	 * @dataProvider cases
	 * @param array<string, string> $server
	 */
	public function test_the_client_is_the_right_most_untrusted_address( array $server, mixed $setting, string $expected ): void {
		$this->assertSame( $expected, ClientAddress::of( $server, $setting ) );
	}

	public function test_cidr_prefixes_that_do_not_end_on_a_byte(): void {
		$this->assertTrue( ClientAddress::in_range( '192.0.2.130', '192.0.2.128/25' ) );
		$this->assertFalse( ClientAddress::in_range( '192.0.2.127', '192.0.2.128/25' ) );
		$this->assertTrue( ClientAddress::in_range( '2001:db8::1', '2001:db8::/33' ) );
		$this->assertFalse( ClientAddress::in_range( '2001:db8:8000::1', '2001:db8::/33' ) );
		$this->assertTrue( ClientAddress::in_range( '8.8.8.8', '0.0.0.0/0' ) );
	}
}
