<?php
/**
 * `svc/v1/status`: the active release, whether deploys are allowed, the limits and the web nodes.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Closure;
use Svc\Manifest\ManifestStore;
use Svc\Network\DeployCapability;
use Svc\Release\Deployer;
use Svc\Release\DeployPolicy;
use Svc\Release\NodeReports;
use Svc\Release\ReleaseStore;
use Svc\Storage\Limits;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md ("Releases") for the contract; `wp svc status` prints the same document.
 */
final class StatusController {

	/** The request body a client should stay under: nginx's default client_max_body_size. */
	public const REQUEST_BYTES = 1048576;

	/**
	 * @param (Closure(bool): array<string, mixed>)|null $listing The active release's files (FilesController::active_listing), told
	 *                                                    whether this answer has recorded this node's drift already.
	 */
	public function __construct(
		private readonly Deployer $deployer,
		private readonly ManifestStore $store,
		private readonly ReleaseStore $releases,
		private readonly NodeReports $nodes,
		private readonly ?Closure $listing = null,
	) {
	}

	public function register(): void {
		ManagementRoute::register(
			'/status',
			array(
				array(
					'methods'  => WP_REST_Server::READABLE,
					'callback' => array(
						$this,
						'status',
					),
					'args'     => array(
						'listing' => array(
							'description' => __( 'Also list the active release\'s files, as GET api-files?content=false does.', 'svc' ),
							'type'        => 'boolean',
							'default'     => false,
						),
					),
				),
			)
		);
	}

	/**
	 * The largest body a client should send: nginx's default, or PHP's post_max_size when lower.
	 */
	private static function request_bytes(): int {
		$post_max = (int) wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) );
		return $post_max > 0 ? min( self::REQUEST_BYTES, $post_max ) : self::REQUEST_BYTES;
	}

	/**
	 * With `listing`, the active release's files too (`listing.files`, `listing.skipped_files`): a push
	 * reads the status and then the listing it plans from, and one request instead of two costs the
	 * site one WordPress boot less. Read in that order here as well, so a release made in between
	 * makes the commit refuse rather than apply a plan made on older files.
	 */
	public function status( WP_REST_Request $request ): WP_REST_Response {
		$body = $this->status_of( true );
		if ( null !== $this->listing && true === $request->get_param( 'listing' ) ) {
			// With `nodes`, this node's drift was just checked and recorded: not checked twice.
			$body['listing'] = ( $this->listing )( isset( $body['nodes'] ) );
		}
		return new WP_REST_Response( $body );
	}

	/**
	 * The status document; `caller` only for a REST caller (WP-CLI's operator has the server).
	 *
	 * @return array<string, mixed>
	 */
	public function status_of( bool $for_caller ): array {
		$deploy = array( 'allowed' => DeployPolicy::allowed() );
		if ( ! $deploy['allowed'] ) {
			$deploy['reason'] = DeployPolicy::reason();
		}
		// `allowed` is the site's. On a network a site administrator may read all this and still not
		// push (super admins only, by default): said only then, so other answers stay as they were.
		if ( $for_caller && ! DeployCapability::allowed() ) {
			$deploy['caller'] = array(
				'allowed' => false,
				'reason'  => DeployCapability::reason(),
			);
		}
		$active  = $this->releases->active_id();
		$release = 0 === $active ? null : $this->releases->get( $active );
		$body    = array(
			'deploy'   => $deploy,
			'release'  => null === $release ? null : Records::release( $release, $active ),
			'limits'   => array(
				'file_bytes'    => Limits::file_bytes( 'api' ),
				'total_bytes'   => Limits::total_bytes( 'api' ),
				'request_bytes' => self::request_bytes(),
			),
			// What a client may count on from this plugin: a change sent again with its commit_id is
			// answered with the release it made, never a second one (a plugin older than that makes
			// another release, so a client sends a change again only when this says so); a listing of
			// some files only (`GET api-files?filenames=`: an older plugin lists every file); a commit
			// that carries its few new contents (`blobs`), staged before it commits; this answer with the
			// listing in it (`?listing=true`).
			'features' => array( 'commit_ids', 'listing_filenames', 'commit_blobs', 'status_listing' ),
		);
		// Several web nodes: what each serves, and its drift from the active release (this node's
		// own, checked now). A single-node site's answer stays as it was.
		if ( $this->nodes->several() ) {
			$this->deployer->report( $this->store->verified() );
			$body['nodes'] = $this->nodes->records();
		}
		return $body;
	}
}
