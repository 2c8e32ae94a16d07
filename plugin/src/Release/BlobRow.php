<?php
/**
 * One stored content as a row of the blob store's INSERT.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use UnexpectedValueException;

/**
 * A staging request stores hundreds of contents, about 1 MB of base64, in one INSERT while routes
 * are served beside it (`npm run bench`, figure d). wpdb::prepare() escaped every row's megabyte
 * share character by character for nothing: a row is a sha256 in hex, integers and base64, none of
 * which holds a quote or a backslash. This writes the row as it is, after checking each part is
 * exactly that, so nothing else can ever reach the SQL unescaped.
 */
final class BlobRow {

	/**
	 * The VALUES tuple (hash, size, content, created, staged, awaited) of a content staged at $now.
	 *
	 * @throws UnexpectedValueException A hash that is not lowercase hex sha256, or content that is not base64.
	 */
	public static function values( string $hash, int $size, string $encoded, int $now ): string {
		if ( 1 !== preg_match( '/^[a-f0-9]{64}$/D', $hash ) ) {
			throw new UnexpectedValueException( 'a stored content is named by its lowercase hex sha256' );
		}
		// Not strspn(): PHP's compares each byte with each of the 65 allowed ones in turn, which was a
		// third of a staging request's PHP time (37 ms per megabyte, against 3 ms for this).
		if ( 1 === preg_match( '~[^A-Za-z0-9+/=]~', $encoded ) ) {
			throw new UnexpectedValueException( 'a stored content is base64' );
		}
		return sprintf( "('%s', %d, '%s', %d, %d, 1)", $hash, $size, $encoded, $now, $now );
	}
}
