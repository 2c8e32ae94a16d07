<?php
/**
 * `svc/v1/status`, `api-blobs` and `api-releases`: staging, committing and rolling back releases.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Manifest\ManifestStore;
use Svc\Network\DeployCapability;
use Svc\Release\Change;
use Svc\Release\Deployer;
use Svc\Release\DeployPolicy;
use Svc\Release\ReleaseKind;
use Svc\Release\Refusal;
use Svc\Release\ReleaseMessage;
use Svc\Release\Schema;
use Svc\Release\StageCap;
use Svc\Routing\Slug;
use Svc\Settings\RouteNamespace;
use Svc\Storage\Limits;
use Svc\Validation\Reasons;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md ("Releases") for the contract.
 */
final class ReleasesController {

	/** The request body a client should stay under: nginx's default client_max_body_size. */
	public const REQUEST_BYTES = 1048576;

	public function __construct(
		private readonly Deployer $deployer,
		private readonly ManifestStore $store,
		private readonly RouteNamespace $route_namespace,
	) {
	}

	public function register(): void {
		$this->route(
			'/status',
			array(
				array(
					'methods'  => WP_REST_Server::READABLE,
					'callback' => array(
						$this,
						'status',
					),
				),
			)
		);
		$this->route(
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
		$this->route(
			'/api-releases',
			array(
				array(
					'methods'  => WP_REST_Server::READABLE,
					'callback' => array( $this, 'index' ),
				),
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'create' ),
					'fields'   => self::commit_fields(),
					'writes'   => true,
				),
			)
		);
		$this->route(
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
		$this->route(
			'/api-releases/promote',
			array(
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'promote' ),
					'fields'   => self::promote_fields(),
					'writes'   => true,
				),
			)
		);
		$this->route(
			'/api-releases/rollback',
			array(
				array(
					'methods'  => WP_REST_Server::CREATABLE,
					'callback' => array( $this, 'rollback' ),
					'fields'   => self::rollback_fields(),
					'writes'   => true,
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
	 * Registers a management route; every endpoint takes the management check. An endpoint's
	 * `fields` (BodyField) become its `args` and are checked before its callback; a `writes` one
	 * stands behind what every write needs first (Management::writes).
	 *
	 * @param non-falsy-string           $path
	 * @param list<array<string, mixed>> $endpoints
	 */
	private function route( string $path, array $endpoints ): void {
		foreach ( $endpoints as &$endpoint ) {
			$endpoint['permission_callback'] = array( Management::class, 'check' );
			$fields                          = $endpoint['fields'] ?? array();
			if ( array() !== $fields ) {
				$endpoint['args']     = BodyField::args( $fields );
				$endpoint['callback'] = BodyField::checked( $fields, $endpoint['callback'] );
			}
			if ( true === ( $endpoint['writes'] ?? false ) ) {
				$endpoint['callback'] = Management::writes( $endpoint['callback'] );
			}
			unset( $endpoint['fields'], $endpoint['writes'] );
		}
		register_rest_route( Management::NAMESPACE, $path, $endpoints );
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

	/**
	 * @return list<BodyField>
	 */
	private static function commit_fields(): array {
		return array(
			BodyField::shaped(
				'files',
				array(
					'type'        => 'object',
					'description' => __( 'Route file name => sha256 of its content (staged or already on the site).', 'svc' ),
				),
				self::files_problem( ... ),
				true
			),
			BodyField::shaped(
				'remove',
				array(
					'type'        => 'array',
					'description' => __( 'Route file names to take out of the set.', 'svc' ),
				),
				self::remove_problem( ... )
			),
			BodyField::release_id( 'base', __( 'The release the change was planned against; refused if another is active.', 'svc' ) ),
			BodyField::boolean( 'prune', __( 'The new set is exactly files.', 'svc' ) ),
			BodyField::boolean( 'dry_run', __( 'Check and plan only.', 'svc' ) ),
			BodyField::shaped(
				'kind',
				array(
					'type'        => 'string',
					'enum'        => ReleaseKind::REQUESTABLE,
					'description' => __( 'What the release is recorded as.', 'svc' ),
				),
				/* translators: %s: the kinds of release a client may ask for, like "push, dev" */
				static fn ( mixed $kind ): ?WP_Error => is_string( $kind ) && ReleaseKind::requestable( $kind ) ? null : Errors::bad_field( 'kind', sprintf( __( 'kind must be one of: %s.', 'svc' ), implode( ', ', ReleaseKind::REQUESTABLE ) ) )
			),
			BodyField::message(),
			BodyField::commit_id(),
		);
	}

	/**
	 * @return list<BodyField>
	 */
	private static function rollback_fields(): array {
		return array(
			BodyField::release_id( 'to', __( 'The release to roll back to (default: the one before the active release).', 'svc' ) ),
			BodyField::release_id( 'base', __( 'The release the rollback was planned against; refused if another is active.', 'svc' ) ),
			BodyField::boolean( 'dry_run', __( 'Plan only.', 'svc' ) ),
			BodyField::message(),
			BodyField::commit_id(),
		);
	}

	/**
	 * @return list<BodyField>
	 */
	private static function promote_fields(): array {
		return array(
			BodyField::release_id( 'id', __( 'The preview to make active.', 'svc' ), true ),
			BodyField::release_id( 'base', __( 'The release the promote was planned against; refused if another is active.', 'svc' ) ),
			BodyField::boolean( 'dry_run', __( 'Plan only.', 'svc' ) ),
			BodyField::boolean( 'force', __( 'Promote even if another release became active since the preview was made.', 'svc' ) ),
			BodyField::message(),
			BodyField::commit_id(),
		);
	}

	/**
	 * A commit's `files`: an object of good names and hashes.
	 */
	private static function files_problem( mixed $files, WP_REST_Request $request ): ?WP_Error {
		// An object, never a list: `["<hash>"]` would otherwise be committed as a file named `0`.
		if ( ! is_array( $files ) || ! JsonBody::is_object( $request, 'files' ) ) {
			return Errors::bad_field( 'files', __( 'files must be a JSON object of route file name => sha256 hash, like {"hello": "<sha256>"}.', 'svc' ) );
		}
		foreach ( $files as $slug => $hash ) {
			$problem = Slug::problem( (string) $slug );
			if ( null !== $problem ) {
				return Errors::invalid_name( (string) $slug, $problem );
			}
			if ( ! is_string( $hash ) || 1 !== preg_match( '/^[a-f0-9]{64}$/', $hash ) ) {
				/* translators: %s: file name */
				return Errors::bad_field( 'files', sprintf( __( 'The hash of %s must be a lowercase hex sha256.', 'svc' ), $slug ) );
			}
		}
		return null;
	}

	/**
	 * A commit's `remove`: a list of names a file on the site may have.
	 */
	private static function remove_problem( mixed $remove, WP_REST_Request $request ): ?WP_Error {
		if ( ! is_array( $remove ) || ( array() !== $remove && ! JsonBody::is_list( $request, 'remove' ) ) || array() !== array_filter( $remove, static fn ( mixed $slug ): bool => ! is_string( $slug ) ) ) {
			return Errors::bad_field( 'remove', __( 'remove must be an array of route file names.', 'svc' ) );
		}
		foreach ( $remove as $name ) {
			$problem = Slug::removal_problem( $name );
			if ( null !== $problem ) {
				return Errors::invalid_name( $name, $problem );
			}
		}
		return null;
	}

	public function status(): WP_REST_Response {
		return new WP_REST_Response( $this->status_of( true ) );
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
		$releases = $this->deployer->releases();
		$active   = $releases->active_id();
		$release  = 0 === $active ? null : $releases->get( $active );
		$body     = array(
			'deploy'  => $deploy,
			'release' => null === $release ? null : Records::release( $release, $active ),
			'limits'  => array(
				'file_bytes'    => Limits::file_bytes( 'api' ),
				'total_bytes'   => Limits::total_bytes( 'api' ),
				'request_bytes' => self::request_bytes(),
			),
		);
		// Several web nodes: what each serves, and its drift from the active release (this node's
		// own, checked now). A single-node site's answer stays as it was.
		if ( $this->deployer->nodes()->several() ) {
			$this->deployer->report( $this->store->verified() );
			$body['nodes'] = $this->deployer->nodes()->records();
		}
		return $body;
	}

	public function stage( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$blobs    = (array) $request->get_param( 'blobs' );
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
		$store = $this->deployer->blobs();
		// Awaited first, then asked for: see BlobStore::await().
		$store->await( array_keys( $contents ) );
		$present = $store->present( array_keys( $contents ) );
		$refusal = StageCap::refusal( $store, array_diff_key( $contents, array_flip( $present ) ) );
		if ( null !== $refusal ) {
			return Refusals::error( $refusal );
		}
		return new WP_REST_Response( $store->put( $contents, $present ) );
	}

	public function index(): WP_REST_Response {
		Schema::ensure();
		$releases = $this->deployer->releases();
		$active   = $releases->active_id();
		return new WP_REST_Response( array_map( static fn ( array $release ): array => Records::release( $release, $active ), $releases->all() ) );
	}

	public function show( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		Schema::ensure();
		$id      = (int) $request['id'];
		$release = $this->deployer->releases()->get( $id );
		if ( null === $release ) {
			return Refusals::error( Refusal::release_not_found( $id ) );
		}
		return new WP_REST_Response( Records::release( $release, $this->deployer->releases()->active_id(), true ) );
	}

	public function create( WP_REST_Request $request ): WP_REST_Response|WP_Error {
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
		$contents = null === $manifest ? $this->deployer->blobs()->get( array_values( $outcome['checked'] ) ) : array();
		foreach ( $outcome['checked'] as $slug => $hash ) {
			$slug      = (string) $slug;
			$records[] = array( 'filename' => $slug ) + ( null === $manifest ? Records::unreleased( $namespace, $hash, $slug, $contents[ $hash ] ?? null ) : Records::file( $namespace, $slug, $manifest['files'][ $slug ] ?? null ) );
		}
		$active = $this->deployer->releases()->active_id( true );
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
