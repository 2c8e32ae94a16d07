<?php
/**
 * `svc/v1/api-files`: list, upload and delete route files.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\EarlyCache\Publisher;
use Svc\EarlyCache\RouteIndex;
use Svc\EarlyCache\StoreChoice;

use Closure;
use Svc\Manifest\ManifestStore;
use Svc\Release\Change;
use Svc\Release\Deployer;
use Svc\Release\NodeCounts;
use Svc\Release\NodeReports;
use Svc\Release\ReleaseKind;
use Svc\Release\Refusal;
use Svc\Routing\Slug;
use Svc\Runtime\RouteLoader;
use Svc\Settings\RouteNamespace;
use Svc\Storage\RouteFiles;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md for the contract. An upload or a delete is one release (Deployer):
 * checked on the resulting file set and made active in one step.
 *
 * @phpstan-import-type Manifest from ManifestStore
 */
final class FilesController {

	/**
	 * @param (Closure(string): FilesController)|null $for_tree The listing of a preview's tree (under
	 *                                                         Paths::trees()), built by the composition
	 *                                                         root; null in that listing itself.
	 */
	public function __construct(
		private readonly RouteFiles $files,
		private readonly ManifestStore $store,
		private readonly RouteLoader $loader,
		private readonly RouteNamespace $route_namespace,
		private readonly Deployer $deployer,
		private readonly NodeReports $nodes,
		private readonly ?Closure $for_tree = null,
	) {
	}

	public function register(): void {
		$permission = array( Management::class, 'check' );
		register_rest_route(
			Management::NAMESPACE,
			'/api-files',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'index' ),
					'permission_callback' => $permission,
					'args'                => array(
						'content'   => array(
							'type'    => 'boolean',
							'default' => true,
						),
						'release'   => array(
							'description' => __( 'A preview release to list instead of the active one.', 'svc' ),
							'type'        => 'integer',
							'minimum'     => 1,
						),
						'filenames' => array(
							'description'       => __( 'Only these files, by name, separated by commas.', 'svc' ),
							'type'              => 'string',
							// Checked and parsed in one step: its WP_Error is a 400 rest_invalid_param, as a validate_callback's.
							'sanitize_callback' => array( self::class, 'sanitize_names' ),
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => Management::writes( array( $this, 'upload' ) ),
					'permission_callback' => $permission,
					'args'                => array(
						'files'   => array(
							'type'              => 'array',
							'required'          => true,
							'validate_callback' => array( self::class, 'validate_list' ),
						),
						'dry_run' => array(
							'type'              => 'boolean',
							'default'           => false,
							'validate_callback' => array( JsonBody::class, 'validate_boolean' ),
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					// A removal repeated with its commit id answers the release it made (CommitId).
					'callback'            => Management::writes( BodyField::checked( array( BodyField::commit_id() ), array( $this, 'delete' ) ) ),
					'permission_callback' => $permission,
					'args'                => array(
						'filenames' => array(
							'type'              => 'array',
							'required'          => true,
							'validate_callback' => array( self::class, 'validate_list' ),
						),
					) + BodyField::args( array( BodyField::commit_id() ) ),
				),
			)
		);
	}

	/**
	 * A list parameter must arrive as a JSON array. WordPress's own `array` type also accepts a
	 * string or number and splits it into a list (`"a,b"` → `["a", "b"]`), which would turn a
	 * mistyped `{"filenames": "hello"}` into a deletion of hello. A JSON object with keys "0", "1"…
	 * decodes to the same PHP list, so the body as sent is asked too (JsonBody).
	 *
	 * @internal Validate callback; runs before WordPress sanitizes the value.
	 */
	public static function validate_list( mixed $value, WP_REST_Request $request, string $param ): bool|WP_Error {
		if ( is_array( $value ) && array_is_list( $value ) && JsonBody::is_list( $request, $param ) ) {
			return true;
		}
		return new WP_Error(
			'rest_invalid_type',
			/* translators: %s: parameter name */
			sprintf( __( '%s must be a JSON array.', 'svc' ), $param ),
			array( 'param' => $param )
		);
	}

	/**
	 * The value as the list of names the handler reads, so it is parsed once; or why it is refused.
	 *
	 * @internal Sanitize callback of `filenames` (ListedNames).
	 * @return list<string>|WP_Error
	 */
	public static function sanitize_names( mixed $value, WP_REST_Request $request, string $param ): array|WP_Error {
		$names = is_string( $value ) ? ListedNames::parse( $value ) : __( 'filenames must be a string.', 'svc' );
		return is_array( $names ) ? $names : new WP_Error( 'rest_invalid_param', $names, array( 'param' => $param ) );
	}

	/**
	 * The names asked for (a list once sanitize_names ran), or null for every file.
	 *
	 * @return list<string>|null
	 */
	private static function names( WP_REST_Request $request ): ?array {
		$names = $request->get_param( 'filenames' );
		return is_array( $names ) && array_is_list( $names ) ? array_values( array_filter( $names, 'is_string' ) ) : null;
	}

	/**
	 * A preview's files, listed as the active ones are (loaded, so that one that fails to load says
	 * why): what `svc api push --preview` reports, since no client without the token calls them.
	 *
	 * @param list<string>|null $names
	 */
	private function preview_index( int $id, bool $with_content, ?array $names ): WP_REST_Response|WP_Error {
		$preview = $this->deployer->live_preview( $id );
		if ( $preview instanceof Refusal ) {
			return Refusals::error( $preview );
		}
		$tree = $this->deployer->preview_tree( $preview );
		if ( null === $tree || null === $this->for_tree ) {
			return Refusals::error( Refusal::preview_unavailable( $id ) );
		}
		// The preview's own objects, as a request with its token gets them (PreviewRequest); no drift:
		// what nodes report is about the active release.
		$listing                   = ( $this->for_tree )( $tree );
		list( $records, $skipped ) = $listing->records( $listing->store->verified(), $with_content, $names );
		return self::listing( $records, $skipped );
	}

	/**
	 * On a site served by several web nodes, each record whose file differs from the active release
	 * on some node carries `drift`: where and how (this node's drift is recorded for the others first).
	 *
	 * @param list<array<string, mixed>> $records
	 * @param Manifest                   $manifest
	 * @param bool                       $reported Whether this node's drift was recorded already in this request.
	 * @return list<array<string, mixed>>
	 */
	private function with_drift( array $records, array $manifest, bool $reported = false ): array {
		if ( ! $reported ) {
			$this->deployer->report( $manifest );
		}
		$nodes = $this->nodes;
		if ( ! $nodes->several() ) {
			return $records;
		}
		$drift = $nodes->drift_by_slug();
		foreach ( $records as &$record ) {
			if ( isset( $drift[ $record['filename'] ] ) ) {
				$record['drift'] = $drift[ $record['filename'] ];
			}
		}
		return $records;
	}

	/**
	 * The active release's files without their contents, as `GET api-files?content=false` lists them
	 * (what `GET status?listing=true` carries).
	 *
	 * @param bool $reported Whether the status in the same answer has just recorded this node's drift.
	 * @return array{files: list<array<string, mixed>>, skipped_files: list<string>}
	 */
	public function active_listing( bool $reported = false ): array {
		$manifest                  = $this->store->verified();
		list( $records, $skipped ) = $this->records( $manifest, false );
		return array(
			'files'         => $this->with_drift( $records, $manifest, $reported ),
			'skipped_files' => $skipped,
		);
	}

	public function index( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$with_content = (bool) $request->get_param( 'content' );
		$release      = $request->get_param( 'release' );
		$names        = self::names( $request );
		if ( null !== $release ) {
			return $this->preview_index( (int) $release, $with_content, $names );
		}
		$manifest                  = $this->store->verified();
		list( $records, $skipped ) = $this->records( $manifest, $with_content, $names );
		return self::listing( $this->with_drift( $records, $manifest ), $skipped );
	}

	/**
	 * @param list<array<string, mixed>> $records
	 * @param list<string>               $skipped
	 */
	private static function listing( array $records, array $skipped ): WP_REST_Response {
		$response = new WP_REST_Response( $records );
		$response->header( 'X-Svc-Skipped', (string) count( $skipped ) );
		// Named too, so that a pull keeps local copies of files the site has but does not send.
		$response->header( 'X-Svc-Skipped-Files', (string) wp_json_encode( $skipped ) );
		return $response;
	}

	/**
	 * The manifest's files as records, each loaded once (its load error in `error`), and the slugs
	 * of the files over the size limit, which are not listed.
	 *
	 * @param Manifest          $manifest
	 * @param list<string>|null $names Only these files (ListedNames); null: every file.
	 * @return array{0: list<array<string, mixed>>, 1: list<string>}
	 */
	private function records( array $manifest, bool $with_content, ?array $names = null ): array {
		$namespace = $this->route_namespace->get();
		$records   = array();
		$skipped   = array();
		$listed    = ListedNames::select( $manifest['files'], $names );
		// Hits and misses of the routes the early cache keeps, over every node (NodeCounts).
		$scope  = Publisher::scope();
		$early  = array_map( 'strval', array_keys( array_filter( $listed, static fn ( array $entry ): bool => empty( $entry['oversize'] ) && RouteIndex::served_early( $entry ) ) ) );
		$counts = null === $scope || array() === $early ? array() : NodeCounts::of( StoreChoice::in_wordpress(), $early );
		foreach ( $listed as $slug => $entry ) {
			$slug = (string) $slug;
			if ( ! empty( $entry['oversize'] ) ) {
				$skipped[] = $slug;
				continue;
			}
			$error  = $this->loader->boot_status( $slug, $entry );
			$record = array( 'filename' => $slug );
			if ( $with_content ) {
				$record['content'] = (string) $this->files->read( $slug );
			}
			$record += Records::file( $namespace, $slug, $entry );
			if ( ! empty( $entry['link'] ) ) {
				// Never followed, so there is nothing to pull; listed so that it can be seen and removed.
				$record['link'] = true;
			}
			if ( null !== $error ) {
				$record['error'] = $error;
			}
			if ( isset( $counts[ $slug ] ) ) {
				$record['early_cache'] = $counts[ $slug ];
			}
			$records[] = $record;
		}
		return array( Records::by_filename( $records ), $skipped );
	}

	public function upload( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$batch = self::batch( $request->get_param( 'files' ) );
		if ( $batch instanceof WP_Error ) {
			return $batch;
		}
		$dry_run = (bool) $request->get_param( 'dry_run' );
		$hashes  = array();
		$inline  = array();
		foreach ( $batch as $slug => $source ) {
			$hash                     = hash( 'sha256', $source );
			$hashes[ (string) $slug ] = $hash;
			$inline[ $hash ]          = $source;
		}
		$outcome = $this->deployer->commit( new Change( files: $hashes, dry_run: $dry_run, inline: $inline ) );
		if ( $outcome instanceof Refusal ) {
			return Refusals::error( $outcome );
		}
		$manifest  = $dry_run ? null : $this->store->current();
		$namespace = $this->route_namespace->get();
		$written   = array();
		foreach ( $hashes as $slug => $hash ) {
			$written[] = array(
				'filename' => (string) $slug,
				'hash'     => $hash,
			) + ( null === $manifest ? array() : Records::file( $namespace, (string) $slug, $manifest['files'][ $slug ] ?? null ) );
		}
		return new WP_REST_Response(
			array(
				'written'      => $dry_run ? array() : $written,
				'checked'      => $written,
				'dry_run'      => $dry_run,
				'syntax_check' => $outcome['syntax_check'],
				'release'      => null === $outcome['release'] ? null : Records::release( $outcome['release'], (int) $outcome['release']['id'] ),
			)
		);
	}

	public function delete( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$filenames = $request->get_param( 'filenames' );
		if ( ! is_array( $filenames ) || array() === $filenames || ! array_is_list( $filenames ) ) {
			return Errors::bad_field( 'filenames', __( 'filenames must be a non-empty array of route file names.', 'svc' ) );
		}
		foreach ( $filenames as $filename ) {
			if ( ! is_string( $filename ) ) {
				return Errors::bad_field( 'filenames', __( 'Every item of filenames must be a string.', 'svc' ) );
			}
			// Not the slug rules: a file copied over SFTP under a name they refuse must be removable.
			$problem = Slug::removal_problem( $filename );
			if ( null !== $problem ) {
				return Errors::invalid_name( $filename, $problem );
			}
		}
		$filenames = array_values( array_unique( $filenames ) );
		$outcome   = $this->deployer->commit( new Change( files: array(), remove: $filenames, kind: ReleaseKind::RM, commit_id: $request->get_param( 'commit_id' ) ) );
		if ( $outcome instanceof Refusal ) {
			return Refusals::error( $outcome );
		}
		return new WP_REST_Response(
			array(
				'deleted' => $filenames,
				'release' => null === $outcome['release'] ? null : Records::release( $outcome['release'], (int) $outcome['release']['id'] ),
			)
		);
	}

	/**
	 * The upload body as slug => source, or why it is malformed.
	 *
	 * @return array<string, string>|WP_Error
	 */
	private static function batch( mixed $files ): array|WP_Error {
		if ( ! is_array( $files ) || array() === $files || ! array_is_list( $files ) ) {
			return Errors::bad_field( 'files', __( 'files must be a non-empty array of {filename, content} objects.', 'svc' ) );
		}
		$batch = array();
		foreach ( $files as $index => $file ) {
			if ( ! is_array( $file ) || ! is_string( $file['filename'] ?? null ) || ! is_string( $file['content'] ?? null ) ) {
				/* translators: %d: position in the files array */
				return Errors::bad_field( 'files', sprintf( __( 'files[%d] must be an object with a string filename and a string content.', 'svc' ), $index ) );
			}
			if ( isset( $batch[ $file['filename'] ] ) ) {
				/* translators: %s: file name */
				return Errors::bad_field( 'files', sprintf( __( '%s appears twice in one upload.', 'svc' ), $file['filename'] ) );
			}
			$batch[ $file['filename'] ] = $file['content'];
		}
		return $batch;
	}
}
