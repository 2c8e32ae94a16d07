<?php
/**
 * The request's method and validator, as the early cache reads them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Read from `$_SERVER` in one place: whether a request may share an answer (SharedRequest), whether
 * its answer is stored (HitPlan) and how a stored one is sent to it (Reply, EarlyServer) all ask the
 * same values.
 */
final class RequestLine {

	/**
	 * The method in capitals, '' when the server gave none.
	 *
	 * @param array<mixed> $server `$_SERVER`.
	 */
	public static function method( array $server ): string {
		return is_string( $server['REQUEST_METHOD'] ?? null ) ? strtoupper( $server['REQUEST_METHOD'] ) : '';
	}

	/**
	 * The protocol for a status line, as WordPress picks it (wp_get_server_protocol()).
	 *
	 * @param array<mixed> $server `$_SERVER`.
	 */
	public static function protocol( array $server ): string {
		$protocol = $server['SERVER_PROTOCOL'] ?? '';
		return in_array( $protocol, array( 'HTTP/1.1', 'HTTP/2', 'HTTP/2.0', 'HTTP/3' ), true ) ? $protocol : 'HTTP/1.0';
	}

	/**
	 * The `If-None-Match` header as sent, '' when there is none.
	 *
	 * @param array<mixed> $server `$_SERVER`.
	 */
	public static function if_none_match( array $server ): string {
		return is_string( $server['HTTP_IF_NONE_MATCH'] ?? null ) ? $server['HTTP_IF_NONE_MATCH'] : '';
	}
}
