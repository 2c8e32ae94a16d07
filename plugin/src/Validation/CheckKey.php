<?php
/**
 * The key a content's lexical verdict (ScanVerdict) is kept under: which rules gave it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * A verdict holds only for the code that gave it. The key is made of svc's version and the bytes of
 * every file of that code (the scanner, the routing rules, the attributes, the checks and their
 * reasons), so that any change to a rule, released or not, makes every stored verdict another key's:
 * the contents are scanned again. PHP's minor version is in it too, as the scanner reads PHP's tokens.
 */
final class CheckKey {

	/** The folders and files, under plugin/src, whose code decides the per-file checks. */
	private const RULES = array( 'Scanning', 'Routing', 'Api/Attribute', 'Validation/RouteRules.php', 'Validation/Reasons.php' );

	private static ?string $current = null;

	/**
	 * @param array<string, string> $sources Path => bytes of the rules' files.
	 */
	public static function of( string $php, string $version, array $sources ): string {
		ksort( $sources, SORT_STRING );
		$context = hash_init( 'sha256' );
		hash_update( $context, $php . "\0" . $version . "\0" );
		foreach ( $sources as $path => $bytes ) {
			hash_update( $context, $path . "\0" . strlen( $bytes ) . "\0" . $bytes );
		}
		return hash_final( $context );
	}

	/**
	 * This plugin's key, read once per request; null when a rules file cannot be read (nothing is trusted then).
	 */
	public static function current(): ?string {
		if ( null !== self::$current ) {
			return '' === self::$current ? null : self::$current;
		}
		$sources       = self::sources( dirname( __DIR__ ) );
		self::$current = null === $sources ? '' : self::of( PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION, defined( 'SVC_VERSION' ) ? (string) SVC_VERSION : '', $sources );
		return '' === self::$current ? null : self::$current;
	}

	/**
	 * The rules' files under $src, path (relative) => bytes; null when one cannot be read.
	 *
	 * @return array<string, string>|null
	 */
	public static function sources( string $src ): ?array {
		$sources = array();
		foreach ( self::RULES as $rule ) {
			$paths = str_ends_with( $rule, '.php' ) ? array( $src . '/' . $rule ) : glob( $src . '/' . $rule . '/*.php' );
			if ( false === $paths || array() === $paths ) {
				return null;
			}
			foreach ( $paths as $path ) {
				$bytes = @file_get_contents( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file; unreadable: no key.
				if ( false === $bytes ) {
					return null;
				}
				$sources[ substr( $path, strlen( $src ) + 1 ) ] = $bytes;
			}
		}
		return $sources;
	}
}
