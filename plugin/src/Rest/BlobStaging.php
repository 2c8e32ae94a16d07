<?php
/**
 * Staging contents by their sha256: what `POST api-blobs` does, and what a commit that carries its
 * few contents with it (`blobs` beside `files`) does before it commits.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Release\BlobStore;
use Svc\Release\StageCap;
use Svc\Storage\Limits;
use Svc\Validation\Reasons;
use WP_Error;
use WP_REST_Request;

/**
 * The `blobs` field, checked whole before anything is stored: one bad blob refuses them all.
 */
final class BlobStaging {

	public function __construct( private readonly BlobStore $blobs ) {
	}

	/**
	 * The `blobs` body field; required by `POST api-blobs`, optional in a commit.
	 */
	public static function field( bool $required ): BodyField {
		return BodyField::shaped(
			'blobs',
			array(
				'type'        => 'array',
				'description' => __( 'The contents to stage: {hash, content_base64} objects.', 'svc' ),
			),
			static fn ( mixed $blobs, WP_REST_Request $request ): ?WP_Error => is_array( $blobs ) && array() !== $blobs && JsonBody::is_list( $request, 'blobs' )
				? null
				: Errors::bad_field( 'blobs', __( 'blobs must be a non-empty array of {hash, content_base64} objects.', 'svc' ) ),
			$required
		);
	}

	/**
	 * Stages the request's blobs: `stored` (the hashes written now) and `present` (those already
	 * there), or why none was staged.
	 *
	 * @param array<mixed> $blobs The request's `blobs`.
	 * @return array{stored: list<string>, present: list<string>}|WP_Error
	 */
	public function stage( array $blobs ): array|WP_Error {
		$contents = self::contents( $blobs );
		if ( $contents instanceof WP_Error ) {
			return $contents;
		}
		$store = $this->blobs;
		// Awaited first, then asked for: see BlobStore::await().
		$store->await( array_keys( $contents ) );
		$present = $store->present( array_keys( $contents ) );
		$refusal = StageCap::refusal( $store, array_diff_key( $contents, array_flip( $present ) ) );
		if ( null !== $refusal ) {
			return Refusals::error( $refusal );
		}
		return $store->put( $contents, $present );
	}

	/**
	 * The blobs' contents by hash, each decoded, matching its hash and within a file's limit;
	 * the first that is not refuses them all.
	 *
	 * @param array<mixed> $blobs The request's `blobs`.
	 * @return array<string, string>|WP_Error
	 */
	private static function contents( array $blobs ): array|WP_Error {
		$contents = array();
		$limit    = Limits::file_bytes( 'api' );
		foreach ( $blobs as $index => $blob ) {
			$hash    = is_array( $blob ) ? ( $blob['hash'] ?? null ) : null;
			$encoded = is_array( $blob ) ? ( $blob['content_base64'] ?? null ) : null;
			if ( ! is_string( $hash ) || 1 !== preg_match( '/^[a-f0-9]{64}$/', $hash ) || ! is_string( $encoded ) ) {
				/* translators: %d: position in the blobs array */
				return Errors::bad_field( 'blobs', sprintf( __( 'blobs[%d] must be an object with a lowercase hex sha256 hash and a base64 content_base64.', 'svc' ), $index ) );
			}
			$content = base64_decode( $encoded, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- the transport encoding.
			if ( false === $content ) {
				/* translators: %d: position in the blobs array */
				return Errors::bad_field( 'blobs', sprintf( __( 'blobs[%d].content_base64 is not valid base64.', 'svc' ), $index ) );
			}
			if ( hash( 'sha256', $content ) !== $hash ) {
				return new WP_Error(
					'svc_hash_mismatch',
					/* translators: %s: hash */
					sprintf( __( 'The content sent as %s has another sha256; nothing was staged.', 'svc' ), $hash ),
					array(
						'status' => 400,
						'hash'   => $hash,
					)
				);
			}
			if ( strlen( $content ) > $limit ) {
				return new WP_Error(
					'svc_file_too_large',
					/* translators: 1: hash, 2: size, 3: limit */
					sprintf( __( 'The content %1$s is %2$s, over the limit of %3$s for one route file; nothing was staged.', 'svc' ), $hash, ...Reasons::sizes( strlen( $content ), $limit ) ),
					array(
						'status' => 413,
						'hash'   => $hash,
					)
				);
			}
			$contents[ $hash ] = $content;
		}
		return $contents;
	}
}
