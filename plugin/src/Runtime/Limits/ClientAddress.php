<?php
/**
 * Which address a request comes from, for rate limits.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime\Limits;

/**
 * `REMOTE_ADDR`, unless it is one of the site's trusted proxies (constant `SVC_TRUSTED_PROXIES`:
 * an array or a comma-separated list of addresses and CIDR ranges, IPv4 and IPv6). Then the client
 * is the right-most address of `X-Forwarded-For` that is not a trusted proxy: each proxy appends the
 * address it got the request from, so everything left of the last untrusted hop may be forged by
 * the client, and is never read.
 */
final class ClientAddress {

	/**
	 * @param array<mixed> $server  `$_SERVER`.
	 * @param mixed        $setting The value of SVC_TRUSTED_PROXIES, or null when it is not defined.
	 */
	public static function of( array $server, mixed $setting ): string {
		$remote = is_string( $server['REMOTE_ADDR'] ?? null ) ? trim( $server['REMOTE_ADDR'] ) : '';
		$ranges = self::ranges( $setting );
		if ( array() === $ranges || ! self::trusted( $remote, $ranges ) ) {
			return $remote;
		}
		$forwarded = is_string( $server['HTTP_X_FORWARDED_FOR'] ?? null ) ? $server['HTTP_X_FORWARDED_FOR'] : '';
		$client    = $remote;
		foreach ( array_reverse( explode( ',', $forwarded ) ) as $hop ) {
			$hop = self::bare( trim( $hop ) );
			if ( false === filter_var( $hop, FILTER_VALIDATE_IP ) ) {
				// Garbage a proxy passed on: the last good hop is as far as the chain can be believed.
				return $client;
			}
			$client = $hop;
			if ( ! self::trusted( $hop, $ranges ) ) {
				return $hop;
			}
		}
		// Every hop is a trusted proxy: the left-most is the closest to the client that is known.
		return $client;
	}

	/**
	 * The setting as a list of addresses and ranges.
	 *
	 * @return list<string>
	 */
	public static function ranges( mixed $setting ): array {
		if ( is_string( $setting ) ) {
			$setting = explode( ',', $setting );
		}
		if ( ! is_array( $setting ) ) {
			return array();
		}
		$ranges = array();
		foreach ( $setting as $range ) {
			if ( is_string( $range ) && '' !== trim( $range ) ) {
				$ranges[] = trim( $range );
			}
		}
		return $ranges;
	}

	/**
	 * @param list<string> $ranges
	 */
	public static function trusted( string $address, array $ranges ): bool {
		foreach ( $ranges as $range ) {
			if ( self::in_range( $address, $range ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the address is the range's address or within its CIDR prefix (same family only: an
	 * IPv4 range never matches an IPv6 address, mapped or not).
	 */
	public static function in_range( string $address, string $range ): bool {
		$parts  = explode( '/', $range, 2 );
		$packed = @inet_pton( $address ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a malformed address is an answer (false), not a warning.
		$base   = @inet_pton( $parts[0] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- as above: the setting may hold a typo.
		if ( false === $packed || false === $base || strlen( $packed ) !== strlen( $base ) ) {
			return false;
		}
		$bits = strlen( $packed ) * 8;
		if ( isset( $parts[1] ) ) {
			if ( 1 !== preg_match( '/^\d{1,3}$/', $parts[1] ) || (int) $parts[1] > $bits ) {
				return false;
			}
			$bits = (int) $parts[1];
		}
		$bytes = intdiv( $bits, 8 );
		if ( substr( $packed, 0, $bytes ) !== substr( $base, 0, $bytes ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xFF << ( 8 - $rest ) ) & 0xFF;
		return ( ord( $packed[ $bytes ] ) & $mask ) === ( ord( $base[ $bytes ] ) & $mask );
	}

	/**
	 * An address without the port or brackets some proxies add (`[2001:db8::1]:443`, `192.0.2.1:80`).
	 */
	private static function bare( string $hop ): string {
		if ( 1 === preg_match( '/^\[([^\]]+)\](?::\d+)?$/', $hop, $match ) ) {
			return $match[1];
		}
		if ( 1 === preg_match( '/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/', $hop, $match ) ) {
			return $match[1];
		}
		return $hop;
	}
}
