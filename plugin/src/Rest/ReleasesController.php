<?php
/**
 * `svc/v1/api-releases`: listing, committing, promoting and rolling back releases.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Manifest\ManifestStore;
use Svc\Release\BlobStore;
use Svc\Release\Change;
use Svc\Release\Deployer;
use Svc\Release\ReleaseKind;
use Svc\Release\Refusal;
use Svc\Release\ReleaseMessage;
use Svc\Release\ReleaseStore;
use Svc\Release\Schema;
use Svc\Settings\RouteNamespace;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md ("Releases") for the contract.
 */
final class ReleasesController {

	public function __construct(
		private readonly Deployer $deployer,
		private readonly ManifestStore $store,
		private readonly RouteNamespace $route_namespace,
		private readonly ReleaseStore $releases,
		private readonly BlobStore $blobs,
	) {
	}

	public function register(): void {
		ManagementRoute::register(
			'/api-releases',
			array(
				array(
					'methods'  => WP_REST_Server::READABLE,
					'callback' => array( $this, 'index' ),
				),
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'create' ),
					'fields'   => ReleaseFields::commit(),
					'writes'   => true,
				),
			)
		);
		ManagementRoute::register(
			'/api-releases/(?P<id>\d+)',
			array(
				array(
					'methods'  => WP_REST_Server::READABLE,
					'callback' => array(
						$this,
						'show',
					),
				),
			)
		);
		ManagementRoute::register(
			'/api-releases/promote',
			array(
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'promote' ),
					'fields'   => ReleaseFields::promote(),
					'writes'   => true,
				),
			)
		);
		ManagementRoute::register(
			'/api-releases/rollback',
			array(
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'rollback' ),
					'fields'   => ReleaseFields::rollback(),
					'writes'   => true,
				),
			)
		);
	}

	public function index(): WP_REST_Response {
		Schema::ensure();
		$releases = $this->releases;
		$active   = $releases->active_id();
		return new WP_REST_Response( array_map( static fn ( array $release ): array => Records::release( $release, $active ), $releases->all() ) );
	}

	public function show( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		Schema::ensure();
		$id      = (int) $request['id'];
		$release = $this->releases->get( $id );
		if ( null === $release ) {
			return Refusals::error( Refusal::release_not_found( $id ) );
		}
		return new WP_REST_Response( Records::release( $release, $this->releases->active_id(), true ) );
	}

	public function create( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		// Contents sent with the commit are staged first, as by `POST api-blobs`: a push whose new
		// contents fit in one request makes one request, not two. One bad blob: nothing is committed.
		$blobs = $request->get_param( 'blobs' );
		if ( null !== $blobs ) {
			$staged = ( new BlobStaging( $this->blobs ) )->stage( (array) $blobs );
			if ( $staged instanceof WP_Error ) {
				return $staged;
			}
		}
		$map = array();
		foreach ( (array) $request->get_param( 'files' ) as $slug => $hash ) {
			$map[ (string) $slug ] = (string) $hash;
		}
		$remove  = (array) ( $request->get_param( 'remove' ) ?? array() );
		$outcome = $this->deployer->commit(
			new Change(
				files: $map,
				remove: array_values( array_unique( $remove ) ),
				prune: true === $request->get_param( 'prune' ),
				dry_run: true === $request->get_param( 'dry_run' ),
				base: $request->get_param( 'base' ),
				kind: $request->get_param( 'kind' ) ?? ReleaseKind::PUSH,
				message: ReleaseMessage::normalize( $request->get_param( 'message' ) ),
				commit_id: $request->get_param( 'commit_id' )
			)
		);
		return $outcome instanceof Refusal ? Refusals::error( $outcome ) : $this->answer( $outcome );
	}

	public function rollback( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$outcome = $this->deployer->rollback( $request->get_param( 'to' ), true === $request->get_param( 'dry_run' ), $request->get_param( 'base' ), ReleaseMessage::normalize( $request->get_param( 'message' ) ), $request->get_param( 'commit_id' ) );
		return $outcome instanceof Refusal ? Refusals::error( $outcome ) : $this->answer( $outcome );
	}

	public function promote( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$outcome = $this->deployer->promote( (int) $request->get_param( 'id' ), true === $request->get_param( 'dry_run' ), $request->get_param( 'base' ), true === $request->get_param( 'force' ), ReleaseMessage::normalize( $request->get_param( 'message' ) ), $request->get_param( 'commit_id' ) );
		return $outcome instanceof Refusal ? Refusals::error( $outcome ) : $this->answer( $outcome );
	}

	/**
	 * @param array<string, mixed> $outcome A Deployer outcome.
	 */
	private function answer( array $outcome ): WP_REST_Response {
		$namespace = $this->route_namespace->get();
		$preview   = isset( $outcome['token'] );
		// A preview is in no manifest of the active set: its contents say what it would open, as a dry run's.
		$manifest = $outcome['dry_run'] || null === $outcome['release'] || $preview ? null : $this->store->current();
		$records  = array();
		// A dry run has no manifest yet: the contents it checked say which verbs they would open.
		$contents = null === $manifest ? $this->blobs->get( array_values( $outcome['checked'] ) ) : array();
		foreach ( $outcome['checked'] as $slug => $hash ) {
			$slug      = (string) $slug;
			$records[] = array( 'filename' => $slug ) + ( null === $manifest ? Records::unreleased( $namespace, $hash, $slug, $contents[ $hash ] ?? null ) : Records::file( $namespace, $slug, $manifest['files'][ $slug ] ?? null ) );
		}
		$active = $this->releases->active_id( true );
		$body   = array(
			'release'      => null === $outcome['release'] ? null : Records::release( $outcome['release'], $active ),
			'written'      => null === $manifest && ! $preview ? array() : $records,
			'checked'      => $records,
			'dry_run'      => $outcome['dry_run'],
			'syntax_check' => $outcome['syntax_check'],
			'plan'         => $outcome['plan'],
		);
		if ( $outcome['unchanged'] ) {
			$body['unchanged'] = true;
		}
		if ( isset( $outcome['replayed'] ) ) {
			// A retried commit: this release was made by its first attempt, not now.
			$body['replayed'] = true;
		}
		if ( isset( $outcome['token'] ) ) {
			// Shown this once: the site keeps only its hash.
			$body['preview'] = array(
				'token'  => $outcome['token'],
				'header' => 'X-Svc-Preview',
			);
		}
		return new WP_REST_Response( $body );
	}
}
