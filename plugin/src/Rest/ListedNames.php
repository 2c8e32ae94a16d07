<?php
/**
 * `GET api-files?filenames=a,b`: a listing of some files only.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Routing\Slug;

/**
 * The names a listing is asked for, and the manifest's files among them. A listing builds (and
 * boots) every record it returns: the CLI's check after a push asks only for the files it pushed,
 * so that checking one changed file of a thousand does not cost a thousand records.
 */
final class ListedNames {

	/** Names at most in one listing: a query string stays under a web server's request-line limit long before. */
	public const MAX = 1000;

	/**
	 * The comma-separated names, each once, in the order given; or why the value is refused.
	 *
	 * @return list<string>|string
	 */
	public static function parse( string $value ): array|string {
		$names = explode( ',', $value );
		if ( count( $names ) > self::MAX ) {
			/* translators: %d: the most names one listing may ask for */
			return sprintf( __( 'filenames names at most %d files.', 'svc' ), self::MAX );
		}
		foreach ( $names as $name ) {
			if ( '' === $name || strlen( $name ) > Slug::MAX_LENGTH ) {
				/* translators: %d: the longest route file name, in bytes */
				return sprintf( __( 'filenames must be route file names (1 to %d bytes each) separated by commas.', 'svc' ), Slug::MAX_LENGTH );
			}
		}
		return array_values( array_unique( $names ) );
	}

	/**
	 * The files named, in the manifest's order; a name it lacks is not listed. Null: every file.
	 *
	 * @template T
	 * @param array<array-key, T> $files Keyed by name.
	 * @param list<string>|null   $names
	 * @return array<array-key, T>
	 */
	public static function select( array $files, ?array $names ): array {
		return null === $names ? $files : array_intersect_key( $files, array_flip( $names ) );
	}
}
