<?php
/**
 * The stored form of an answer, and the check of one read back.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * What the early cache keeps of an answer: its status, the headers the route and svc set
 * (`headers()`, `Cache-Control`, `ETag`, …), its body and when it was stored. What is read back comes
 * from a shared store (another node, a file on disk) and becomes `header()` calls, so it is checked
 * here, in one place: a header name must be an HTTP token and a value must hold no line break, or
 * the whole answer is refused (treated as a miss), never half-sent.
 *
 * @phpstan-type Answer array{status: int, headers: list<array{string, string}>, body: string, stored_at: int}
 */
final class StoredAnswer {

	/** A larger body is not stored: one answer must not fill a shard of the store. */
	public const MAX_BODY_BYTES = 1048576;

	/** Headers svc sends itself on a hit, or that describe a body the server re-encodes. */
	private const DROPPED_HEADERS = array( 'content-length', 'transfer-encoding', 'connection', 'date', 'x-powered-by' );

	/** At most this many headers are kept. */
	private const MAX_HEADERS = 64;

	/**
	 * @param array<mixed> $headers Name => value or list of values.
	 * @return string|null Null when the answer cannot be stored (too large, a header that is not one).
	 */
	public static function encode( int $status, array $headers, string $body, int $stored_at ): ?string {
		$answer = self::of( $status, $headers, $body, $stored_at );
		return null === $answer ? null : self::pack( $answer );
	}

	/**
	 * The answer as it would be stored and read back, before it is written anywhere.
	 *
	 * @param array<mixed> $headers Name => value or list of values.
	 * @return Answer|null Null when the answer cannot be stored (too large, a header that is not one).
	 */
	public static function of( int $status, array $headers, string $body, int $stored_at ): ?array {
		if ( strlen( $body ) > self::MAX_BODY_BYTES ) {
			return null;
		}
		$pairs = array();
		foreach ( $headers as $name => $values ) {
			foreach ( is_array( $values ) ? $values : array( $values ) as $value ) {
				if ( ! is_scalar( $value ) ) {
					return null;
				}
				$pairs[] = array( (string) $name, (string) $value );
			}
		}
		$answer = array(
			'status'    => $status,
			'headers'   => $pairs,
			'body'      => $body,
			'stored_at' => $stored_at,
		);
		return self::checked( $answer );
	}

	/**
	 * The stored form of an answer of().
	 *
	 * @param Answer $answer
	 */
	public static function pack( array $answer ): ?string {
		// Bodies are JSON text but may hold any bytes a route sent: base64 keeps the record valid JSON.
		$answer['body'] = base64_encode( $answer['body'] ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a body, not code.
		$encoded        = json_encode( $answer, JSON_UNESCAPED_SLASHES ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- runs before WordPress loads.
		return false === $encoded ? null : $encoded;
	}

	/**
	 * @return Answer|null Null for anything that is not an answer this class wrote.
	 */
	public static function decode( string $raw ): ?array {
		if ( strlen( $raw ) > 2 * self::MAX_BODY_BYTES ) {
			return null;
		}
		$data = json_decode( $raw, true, 4 );
		if ( ! is_array( $data ) || ! is_string( $data['body'] ?? null ) ) {
			return null;
		}
		$body = base64_decode( $data['body'], true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- a body, not code.
		if ( false === $body ) {
			return null;
		}
		$data['body'] = $body;
		return self::checked( $data );
	}

	/**
	 * @param array<mixed> $data
	 * @return Answer|null
	 */
	private static function checked( array $data ): ?array {
		$status  = $data['status'] ?? null;
		$stored  = $data['stored_at'] ?? null;
		$body    = $data['body'] ?? null;
		$headers = $data['headers'] ?? null;
		if ( ! is_int( $status ) || $status < 200 || $status > 299 || ! is_int( $stored ) || $stored < 0 || ! is_string( $body ) || strlen( $body ) > self::MAX_BODY_BYTES || ! is_array( $headers ) || count( $headers ) > self::MAX_HEADERS ) {
			return null;
		}
		$kept = array();
		foreach ( $headers as $pair ) {
			if ( ! is_array( $pair ) || ! array_is_list( $pair ) || 2 !== count( $pair ) || ! is_string( $pair[0] ) || ! is_string( $pair[1] ) ) {
				return null;
			}
			if ( 1 !== preg_match( '/^[!#$%&\'*+.^_`|~0-9A-Za-z-]{1,128}$/D', $pair[0] ) || 1 === preg_match( '/[\x00-\x08\x0a-\x1f\x7f]/', $pair[1] ) || strlen( $pair[1] ) > 8192 ) {
				return null;
			}
			if ( ! in_array( strtolower( $pair[0] ), self::DROPPED_HEADERS, true ) ) {
				$kept[] = array( $pair[0], $pair[1] );
			}
		}
		return array(
			'status'    => $status,
			'headers'   => $kept,
			'body'      => $body,
			'stored_at' => $stored,
		);
	}
}
