<?php
/**
 * Where `DB_HOST` says the database is.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * The forms wpdb accepts (`wpdb::parse_db_host`), parsed before wpdb exists: `host`, `host:port`,
 * `host:/path/to.sock`, `:/path/to.sock`, `[::1]:3306`, a bare socket path. `localhost` with no port
 * or socket means mysqli's default socket, as for WordPress.
 */
final class DbHost {

	/**
	 * @return array{host: string, port: int|null, socket: string|null}|null Null when it cannot be read.
	 */
	public static function parse( string $db_host ): ?array {
		$db_host = trim( $db_host );
		if ( '' === $db_host ) {
			return null;
		}
		if ( str_starts_with( $db_host, '/' ) ) {
			return array(
				'host'   => 'localhost',
				'port'   => null,
				'socket' => $db_host,
			);
		}
		if ( 1 === preg_match( '/^\[([0-9a-fA-F:.]+)\](?::([0-9]{1,5}))?$/D', $db_host, $match ) ) {
			return array(
				'host'   => $match[1],
				'port'   => isset( $match[2] ) ? (int) $match[2] : null,
				'socket' => null,
			);
		}
		$colon = strpos( $db_host, ':' );
		if ( false === $colon ) {
			return array(
				'host'   => $db_host,
				'port'   => null,
				'socket' => null,
			);
		}
		$host = substr( $db_host, 0, $colon );
		$rest = substr( $db_host, $colon + 1 );
		if ( str_starts_with( $rest, '/' ) ) {
			return array(
				'host'   => '' === $host ? 'localhost' : $host,
				'port'   => null,
				'socket' => $rest,
			);
		}
		if ( 1 === preg_match( '/^[0-9]{1,5}$/D', $rest ) && '' !== $host ) {
			return array(
				'host'   => $host,
				'port'   => (int) $rest,
				'socket' => null,
			);
		}
		return null;
	}
}
