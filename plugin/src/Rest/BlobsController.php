<?php
/**
 * `svc/v1/api-blobs`: staging the contents a release will name by their sha256.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Release\BlobStore;
use Svc\Release\StagingPause;
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
					'fields'   => array( BlobStaging::field( true ) ),
					'writes'   => true,
				),
			)
		);
	}

	public function stage( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		// The pause asked for is timed from here, not from the request's start: under mod_php that
		// would count the upload of the body too, time in which the site is not busy.
		$started = microtime( true );
		$answer  = ( new BlobStaging( $this->blobs ) )->stage( (array) $request->get_param( 'blobs' ) );
		if ( $answer instanceof WP_Error ) {
			return $answer;
		}
		$elapsed            = microtime( true ) - $started;
		$answer['pause_ms'] = StagingPause::bounded( apply_filters( 'svc_staging_pause_ms', StagingPause::after( $elapsed ), $elapsed ) );
		return new WP_REST_Response( $answer );
	}
}
