<?php
/**
 * A site as every web node of it names it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * By its database and options table, not by its host: every web node of a site shares them,
 * whatever name each is reached by (a node's own WP_HOME, an internal address). The stamp in force
 * and the hit counts are kept under it. Stored answers stay under the scope (Scope): an answer may
 * name the host it was asked on, in its links.
 */
final class SiteKey {

	public static function of( string $options_table ): string {
		$database = ( defined( 'DB_HOST' ) ? (string) DB_HOST : '' ) . "\0" . ( defined( 'DB_NAME' ) ? (string) DB_NAME : '' );
		return substr( hash( 'sha256', $database . "\0" . $options_table ), 0, 32 );
	}
}
