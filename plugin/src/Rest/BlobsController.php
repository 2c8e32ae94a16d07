<?php
/**
 * `svc/v1/api-blobs`: staging the contents a release will name by their sha256.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Release\BlobStore;
use Svc\Release\StageCap;
use Svc\Release\StagingPause;
use Svc\Storage\Limits;
use Svc\Validation\Reasons;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md ("Releases") for the contract.
 */
final class BlobsController {

	public function __construct( private readonly BlobStore $blobs ) {
	}

	public function register(): void {
		ManagementRoute::register(
			'/api-blobs',
			array(
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'stage' ),
					'fields'   => self::stage_fields(),
					'writes'   => true,
				),
			)
		);
	}

	/**
	 * @return list<BodyField>
	 */
	private static function stage_fields(): array {
		return array(
			BodyField::shaped(
				'blobs',
				array(
					'type'        => 'array',
					'description' => __( 'The contents to stage: {hash, content_base64} objects.', 'svc' ),
				),
				static fn ( mixed $blobs, WP_REST_Request $request ): ?WP_Error => is_array( $blobs ) && array() !== $blobs && JsonBody::is_list( $request, 'blobs' )
					? null
					: Errors::bad_field( 'blobs', __( 'blobs must be a non-empty array of {hash, content_base64} objects.', 'svc' ) ),
				true
			),
		);
	}

	public function stage( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		// The pause asked for is timed from here, not from the request's start: under mod_php that
		// would count the upload of the body too, time in which the site is not busy.
		$started  = microtime( true );
		$contents = self::contents( (array) $request->get_param( 'blobs' ) );
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
		$answer             = $store->put( $contents, $present );
		$elapsed            = microtime( true ) - $started;
		$answer['pause_ms'] = StagingPause::bounded( apply_filters( 'svc_staging_pause_ms', StagingPause::after( $elapsed ), $elapsed ) );
		return new WP_REST_Response( $answer );
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
