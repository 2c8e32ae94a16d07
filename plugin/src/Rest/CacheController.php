<?php
/**
 * `svc/v1/cache/purge`: make cached answers unreachable by hand.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use RuntimeException;
use Svc\EarlyCache\Publisher;
use Svc\EarlyCache\Purges;
use Svc\Manifest\ManifestStore;
use Svc\Release\Refusal;
use Svc\Routing\Slug;
use Svc\Settings\RouteNamespace;
use Svc\Storage\Paths;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The early cache's answers of the named routes, or of every route, become unreachable on every
 * node at once (Purges); this node publishes its index at once, the others on their next request.
 * A name that is not a deployed route refuses the whole purge, as `rm` does. See
 * docs/management-api.md.
 */
final class CacheController {

	/** More names than a release may hold files is not a purge. */
	private const MAX_ROUTES = 5000;

	public function __construct(
		private readonly ManifestStore $store,
		private readonly RouteNamespace $route_namespace,
		private readonly Paths $paths,
	) {
	}

	public function register(): void {
		$fields = array(
			BodyField::shaped(
				'routes',
				array(
					'type'        => 'array',
					'description' => __( 'Route file names whose cached answers to purge; every route when absent.', 'svc' ),
				),
				self::routes_problem( ... )
			),
		);
		register_rest_route(
			Management::NAMESPACE,
			'/cache/purge',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => BodyField::checked( $fields, array( $this, 'purge' ) ),
					'permission_callback' => array( Management::class, 'check' ),
					'args'                => BodyField::args( $fields ),
				),
			)
		);
	}

	private static function routes_problem( mixed $routes, WP_REST_Request $request ): ?WP_Error {
		if ( ! is_array( $routes ) || count( $routes ) > self::MAX_ROUTES || ( array() !== $routes && ! JsonBody::is_list( $request, 'routes' ) ) || array() !== array_filter( $routes, static fn ( mixed $slug ): bool => ! is_string( $slug ) ) ) {
			return Errors::bad_field( 'routes', __( 'routes must be an array of route file names.', 'svc' ) );
		}
		foreach ( $routes as $name ) {
			$problem = Slug::removal_problem( $name );
			if ( null !== $problem ) {
				return Errors::invalid_name( $name, $problem );
			}
		}
		return null;
	}

	public function purge( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$routes = $request->get_param( 'routes' );
		return $this->run( is_array( $routes ) ? array_values( array_unique( array_map( 'strval', $routes ) ) ) : null );
	}

	/**
	 * Purges the named routes (every route for null); also how `wp svc cache purge` does it.
	 *
	 * @param list<string>|null $slugs
	 */
	public function run( ?array $slugs ): WP_REST_Response|WP_Error {
		if ( null !== $slugs ) {
			$deployed = $this->store->verified()['files'];
			$unknown  = array_values( array_filter( $slugs, static fn ( string $slug ): bool => ! isset( $deployed[ $slug ] ) ) );
			if ( array() !== $unknown ) {
				return Refusals::error( Refusal::not_found( $unknown ) );
			}
			sort( $slugs, SORT_STRING );
		}
		$problem = $this->attempt( $slugs );
		if ( null !== $problem && ! $problem['recorded'] ) {
			return Refusals::error( Refusal::write_failed( sprintf( /* translators: %s: why */ __( 'The cached answers could not be purged (%s)', 'svc' ), $problem['reason'] ) ) );
		}
		if ( null !== $problem ) {
			// Not "nothing was changed": the purge counts for every node that publishes from now on.
			return new WP_Error( 'svc_purge_not_served', self::not_served_message(), array( 'status' => 500 ) );
		}
		return new WP_REST_Response( array( 'purged' => $slugs ?? 'all' ) );
	}

	/** What a purge recorded but not in force on this node says (the API's error, the admin page's notice). */
	public static function not_served_message(): string {
		return __( 'The purge was recorded, but this node still serves the answers it purged: its route index could not be written (is wp-content/svc/early-cache read-only, or the disk full?). Purge again once it can be written.', 'svc' );
	}

	/**
	 * Records the purge of these routes (every route for null) and publishes this node's index; the
	 * others follow on their next request. Null when done, else why the answers are still served.
	 *
	 * @param list<string>|null $slugs
	 */
	public function record( ?array $slugs ): ?string {
		return $this->attempt( $slugs )['reason'] ?? null;
	}

	/**
	 * @param list<string>|null $slugs
	 * @return array{reason: string, recorded: bool}|null Null when done; else why, and whether the purge was recorded all the same.
	 */
	private function attempt( ?array $slugs ): ?array {
		try {
			Purges::purge( $slugs );
		} catch ( RuntimeException $error ) {
			return array(
				'reason'   => $error->getMessage(),
				'recorded' => false,
			);
		}
		if ( ! ( new Publisher( $this->store, $this->route_namespace ) )->publish_purged( $this->paths->served_release() ) ) {
			return array(
				'reason'   => __( "this node's route index could not be written", 'svc' ),
				'recorded' => true,
			);
		}
		return null;
	}
}
