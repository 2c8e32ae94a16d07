<?php
/**
 * Registers route files as REST routes.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Contracts\RouteContract;
use Svc\Manifest\Entry;
use Svc\Manifest\ManifestStore;
use Svc\Routing\Slug;
use Svc\Settings\RouteNamespace;
use WP_REST_Request;
use WP_REST_Server;

/**
 * A REST request for one route registers only the route(s) its path can match, found through the
 * manifest's index instead of a regex per file: with a thousand route files, a request still
 * registers one route and loads one file. Requests that list routes (the index, the namespace index,
 * a batch, any use of the REST server outside a REST request) get every route.
 *
 * @phpstan-import-type EntryData from Entry
 */
final class Registrar {

	/** @var array<string, string> Full route pattern => slug, for routes registered in this request. */
	private array $routes = array();
	/** @var array<string, array<int|string, mixed>> Full route pattern => its handlers, as the REST server stores them. */
	private array $handlers = array();
	private bool $all       = false;

	/**
	 * @param RequestScope  $scope The request this process serves.
	 * @param CallbackDepth $depth How deep the request is in routes' callbacks (one count per request,
	 *                             started before svc was set up when something inside woke it).
	 */
	public function __construct(
		private readonly ManifestStore $store,
		private readonly RouteNamespace $route_namespace,
		private readonly RouteLoader $loader,
		private readonly Authorizer $authorizer,
		private readonly RouteHandler $handler,
		private readonly RequestScope $scope,
		private readonly CallbackDepth $depth,
		private readonly ?\Closure $management = null,
		private readonly ?Limits\RateLimiter $limiter = null,
	) {
	}

	/** Whether the management API (svc/v1) is registered in this request. */
	private bool $management_registered = false;

	private function register_management(): void {
		if ( ! $this->management_registered && null !== $this->management ) {
			$this->management_registered = true;
			( $this->management )();
		}
	}

	/**
	 * @internal Action callback for `rest_api_init`.
	 */
	public function on_rest_api_init(): void {
		if ( ! $this->scope->serves_one_route( $this->route_namespace->get() ) ) {
			$this->register_all();
		}
	}

	/**
	 * @internal Filter callback for `rest_pre_dispatch`, before WordPress matches the request (and
	 * before its own OPTIONS handling, which also matches against the registered routes).
	 */
	public function on_pre_dispatch( mixed $result, WP_REST_Server $server, WP_REST_Request $request ): mixed {
		unset( $server );
		$prefix = '/' . $this->route_namespace->get() . '/';
		$route  = strtolower( untrailingslashit( $request->get_route() ) );
		if ( '/' . RouteNamespace::RESERVED === $route || str_starts_with( $route, '/' . RouteNamespace::RESERVED . '/' ) ) {
			$this->register_management();
			return $result;
		}
		if ( '/batch/v1' === $route ) {
			// A batch issued inside another request (rest_do_request()): core matches its
			// sub-requests before any of them reaches this filter, so every route must be there.
			if ( ! $this->all ) {
				$this->register_all();
			}
			return $result;
		}
		if ( ! str_starts_with( $route, $prefix ) ) {
			return $result;
		}
		// Also when every route is registered already: a file pushed since, in the same process (a
		// test that pushes, then calls), is registered when it is first asked for.
		// The files about to be served are checked against the disk (edited in place, e.g. over SFTP).
		foreach ( $this->store->candidates( substr( $route, strlen( $prefix ) ) ) as $slug ) {
			$entry = $this->store->entry( $slug );
			// A caller the closed default refuses is answered without the file being loaded: none of
			// its code runs for them (the Authorizer refuses on the same manifest facts).
			if ( null !== $entry && ( self::refused_unloaded( $entry ) || null === $this->loader->load( $slug ) ) ) {
				$this->register( $slug, $entry );
			}
		}
		return $result;
	}

	/**
	 * @param EntryData $entry
	 */
	private static function refused_unloaded( array $entry ): bool {
		return $entry['closed'] && null === Entry::failure( $entry ) && ! current_user_can( Authorizer::DEFAULT_CAPABILITY );
	}

	/**
	 * @internal Filter callback for `rest_endpoints`. WordPress matches a request against the routes
	 * in the order they were registered, and lazy registration registers them in the order requests
	 * ask for them (a nested rest_do_request() may register `users/me` after `users/[id]`): svc's
	 * static routes are put before its dynamic ones, as a full registration would order them.
	 *
	 * @param mixed $endpoints Route => handlers; other filters may pass anything.
	 */
	public function order_endpoints( mixed $endpoints ): mixed {
		if ( ! is_array( $endpoints ) ) {
			return $endpoints;
		}
		if ( $this->depth->depth() > 0 && ! $this->all && $this->lists_svc_routes( $endpoints ) ) {
			// A route's code asks for the routes (an OpenAPI generator, a security plugin): it sees
			// them all, as without lazy registration. Matching a request never gets here (it runs
			// before callbacks), so serving one route still registers one.
			$this->register_all();
			$endpoints += $this->handlers;
		}
		if ( count( $this->routes ) < 2 ) {
			return $endpoints;
		}
		$static  = array();
		$dynamic = array();
		foreach ( $this->routes as $route => $slug ) {
			if ( isset( $endpoints[ $route ] ) ) {
				if ( Slug::is_static( $slug ) ) {
					$static[ $route ] = $endpoints[ $route ];
				} else {
					$dynamic[ $route ] = $endpoints[ $route ];
				}
			}
		}
		if ( array() === $dynamic || array() === $static ) {
			return $endpoints;
		}
		// Others' routes keep their places; svc's go, static ones first, where the first of them was.
		$ordered = array();
		foreach ( $endpoints as $route => $handlers ) {
			if ( ! isset( $this->routes[ $route ] ) ) {
				$ordered[ $route ] = $handlers;
			} elseif ( array() !== $static || array() !== $dynamic ) {
				$ordered += $static + $dynamic;
				$static   = array();
				$dynamic  = array();
			}
		}
		return $ordered;
	}

	/**
	 * @internal Filter callback for `rest_index`: an index built while a route's code runs lists svc's
	 * routes (registered as get_index() listed them) but not their namespaces, which it read first.
	 *
	 * @param mixed $response The index; other filters may pass anything.
	 * @param mixed $request  The index request (WordPress passes it since 6.0).
	 */
	public function complete_index( mixed $response, mixed $request = null ): mixed {
		if ( ! $response instanceof \WP_REST_Response || ! is_array( $response->get_data() ) ) {
			return $response;
		}
		$server   = rest_get_server();
		$context  = $request instanceof WP_REST_Request && 'help' === $request['context'] ? 'help' : 'view';
		$describe = static function ( string $namespace ) use ( $server, $context ): array {
			$routes = $server->get_routes();
			$route  = '/' . $namespace;
			return isset( $routes[ $route ] ) ? (array) $server->get_data_for_routes( array( $route => $routes[ $route ] ), $context ) : array();
		};
		$response->set_data( IndexNamespaces::complete( $response->get_data(), array_values( array_map( 'strval', $server->get_namespaces() ) ), $describe ) );
		return $response;
	}

	/**
	 * Whether a get_routes() listing is one svc's routes belong in: all namespaces, or svc's own
	 * (WordPress filters a listing by namespace before this filter sees it).
	 *
	 * @param array<mixed> $endpoints
	 */
	private function lists_svc_routes( array $endpoints ): bool {
		$namespaces = array();
		foreach ( $endpoints as $handlers ) {
			$namespaces[ is_array( $handlers ) ? (string) ( $handlers['namespace'] ?? '' ) : '' ] = true;
		}
		return count( $namespaces ) > 1 || isset( $namespaces[ $this->route_namespace->get() ] );
	}

	public function slug_for_route( string $route ): ?string {
		return $this->routes[ $route ] ?? null;
	}

	public function has_headers( string $slug ): bool {
		return (bool) ( $this->store->entry( $slug )['headers'] ?? false );
	}

	private function register_all(): void {
		$this->all = true;
		$this->register_management();
		$files = $this->store->current()['files'];
		// Static routes first: WordPress takes the first match, so `users/me` wins over `users/[id]`.
		uksort(
			$files,
			static function ( $a, $b ): int {
				$static = Slug::is_static( (string) $b ) <=> Slug::is_static( (string) $a );
				return 0 !== $static ? $static : strcmp( (string) $a, (string) $b );
			}
		);
		foreach ( $files as $slug => $entry ) {
			if ( null === Entry::failure( $entry ) ) {
				$this->register( (string) $slug, $entry );
			}
		}
	}

	/**
	 * @param EntryData $entry
	 */
	private function register( string $slug, array $entry ): void {
		$namespace = $this->route_namespace->get();
		$pattern   = '/' . Slug::pattern( $slug, RouteContract::segment_types( $entry, $slug ) );
		if ( isset( $this->routes[ '/' . $namespace . $pattern ] ) || array() === $entry['verbs'] ) {
			return;
		}
		$endpoints = array();
		foreach ( $entry['verbs'] as $verb ) {
			$endpoint = array(
				// Batchable where core allows it (it refuses GET inside a batch).
				'allow_batch'         => array( 'v1' => true ),
				'methods'             => strtoupper( $verb ),
				'callback'            => fn ( WP_REST_Request $request ): mixed => $this->handler->handle( $request, $slug, $verb ),
				// A request refused by a rate limit runs no permission check, not even the one WordPress
				// makes for the Allow header after dispatch.
				'permission_callback' => fn ( WP_REST_Request $request ): mixed => true === $this->limiter?->refused( $request ) ? false : $this->authorizer->authorize( $request, $slug, $verb ),
				// The file's #[Args]: WordPress validates and sanitizes before the verb runs.
				'args'                => RouteContract::wp_args( $entry, $verb ),
			);
			$rate = $entry['rate'][ $verb ] ?? null;
			if ( null !== $rate ) {
				// Limits\RateLimiter reads it from the matched handler, before the permission callback.
				$endpoint['svc_rate'] = array( 'slug' => $slug ) + $rate;
			}
			$endpoints[] = $endpoint;
		}
		register_rest_route( $namespace, $pattern, $endpoints );
		$route                    = '/' . $namespace . $pattern;
		$this->routes[ $route ]   = $slug;
		$this->handlers[ $route ] = array_map( static fn ( array $endpoint ): array => $endpoint + array( 'args' => array() ), $endpoints ) + array( 'namespace' => $namespace );
	}
}
