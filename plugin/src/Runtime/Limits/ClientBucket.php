<?php
/**
 * The key a client's requests are counted under: its address, canonical, IPv6 by prefix.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime\Limits;

/**
 * One client is one key however it writes its address: `2001:DB8::1`, `2001:db8:0::1` and
 * `2001:db8::1` are one bucket, and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is counted as
 * the IPv4 address. An IPv6 address counts by its prefix (a /64 by default): a single host is
 * usually handed a whole /64, and counting each of its 2^64 addresses apart would let it send
 * without limit and leave a counter row per address.
 */
final class ClientBucket {

	public const DEFAULT_IPV6_PREFIX = 64;

	/**
	 * @param string $address      As ClientAddress found it; what is not an IP address (a Unix socket, nothing) is kept as one key.
	 * @param int    $ipv6_prefix  Bits of an IPv6 address that name the client, 1 to 128 (else the default).
	 */
	public static function key( string $address, int $ipv6_prefix = self::DEFAULT_IPV6_PREFIX ): string {
		$packed = @inet_pton( trim( $address ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a malformed address is an answer (false), not a warning.
		if ( false === $packed ) {
			return strtolower( trim( $address ) );
		}
		if ( 4 === strlen( $packed ) ) {
			return (string) inet_ntop( $packed );
		}
		if ( str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			return (string) inet_ntop( substr( $packed, 12 ) );
		}
		$bits = $ipv6_prefix >= 1 && $ipv6_prefix <= 128 ? $ipv6_prefix : self::DEFAULT_IPV6_PREFIX;
		return inet_ntop( self::masked( $packed, $bits ) ) . '/' . $bits;
	}

	/** The address with every bit after the prefix cleared. */
	private static function masked( string $packed, int $bits ): string {
		$out = '';
		for ( $i = 0; $i < 16; $i++ ) {
			$keep = max( 0, min( 8, $bits - 8 * $i ) );
			$out .= chr( ord( $packed[ $i ] ) & ( ( 0xFF << ( 8 - $keep ) ) & 0xFF ) );
		}
		return $out;
	}
}
