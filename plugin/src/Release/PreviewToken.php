<?php
/**
 * The secret that lets a request be served by a preview release.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * A token is shown once, when its preview is made; the site keeps only its SHA-256, so a database
 * dump or a listing never lets anyone see a preview. 32 random bytes make guessing pointless, so a
 * lookup by hash is safe, and the stored hash is still compared with hash_equals().
 */
final class PreviewToken {

	public const PREFIX      = 'svcp_';
	public const DEFAULT_TTL = 7 * 86400;
	/** Filters beyond a year are taken as a year: a forgotten preview should not serve for ever. */
	public const MAX_TTL = 365 * 86400;

	public static function generate(): string {
		return self::PREFIX . bin2hex( random_bytes( 32 ) );
	}

	/**
	 * Whether a header value can be a token at all: anything else is refused before the database is asked.
	 */
	public static function well_formed( string $token ): bool {
		return 1 === preg_match( '/^' . self::PREFIX . '[a-f0-9]{64}$/D', $token );
	}

	public static function hash( string $token ): string {
		return hash( 'sha256', $token );
	}

	public static function matches( string $stored_hash, string $token ): bool {
		return self::well_formed( $token ) && hash_equals( $stored_hash, self::hash( $token ) );
	}

	/**
	 * Whether a preview that expires at $expires (Unix seconds) may no longer be served or promoted.
	 */
	public static function expired( ?int $expires, int $now ): bool {
		return null === $expires || $expires <= $now;
	}

	/**
	 * How long a new preview lives, in seconds: the filter's value, at least one second, at most a year.
	 */
	public static function ttl(): int {
		/**
		 * Filters how long a preview release can be served and promoted, in seconds. Default 7 days.
		 *
		 * @param int $seconds
		 */
		return self::bounded_ttl( apply_filters( 'svc_preview_ttl', self::DEFAULT_TTL ) );
	}

	public static function bounded_ttl( mixed $seconds ): int {
		return is_numeric( $seconds ) ? max( 1, min( self::MAX_TTL, (int) $seconds ) ) : self::DEFAULT_TTL;
	}
}
