<?php
/**
 * WordPress core's REST routes, registered only when something in the request can reach them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use WP_REST_Request;
use WP_REST_Server;

/**
 * core registers its own routes on every REST request (create_initial_rest_routes(), on
 * `rest_api_init` at 99: some 200 routes of 60 controllers, about 5 ms a request on the bench's
 * site, more than the rest of svc's work ten times over). None of them can match a request for a
 * route in svc's namespace, or for the management API (a push makes three such requests), so for
 * such a request their registration waits until something asks for a route outside it:
 *
 * - a request made inside this one (rest_do_request(), a batch, `_embed`), before WordPress matches it;
 * - code running in a route's callback listing the routes (an OpenAPI generator, an index): they are
 *   registered then, and that listing gets them as it would have;
 * - svc's own code that reads the namespaces in use (register_now()).
 *
 * Not deferred where a plugin moved or removed core's registration (it is left to them), for a
 * request that embeds its links (`?_embed`, embeds()), or where the `svc_defer_core_routes` filter
 * says false. What the filter is for: code inside an svc route that reads get_namespaces() without
 * listing the routes first (that read has no filter to wait on), and a plugin that replaces one of
 * core's routes on `rest_api_init` after 99, which an svc route then reaches (registered late, core's
 * handlers are merged into the plugin's instead of the other way round).
 */
final class CoreRoutes {

	/** Where core hooks its registration (wp-includes/default-filters.php). */
	private const PRIORITY     = 99;
	private const REGISTRATION = 'create_initial_rest_routes';

	private bool $deferred = false;
	private bool $asked    = false;

	public function __construct(
		private readonly string $route_namespace,
		private readonly CallbackDepth $depth,
	) {
	}

	/**
	 * Called on `rest_api_init` for a request in one of svc's namespaces: defers core's registration at
	 * the last moment before it would run, so plugins that move or remove it earlier are obeyed.
	 */
	public function defer(): void {
		add_action( 'rest_api_init', array( $this, 'before_registration' ), self::PRIORITY - 1 );
	}

	/**
	 * @internal Action callback for `rest_api_init` (98).
	 */
	public function before_registration(): void {
		// Not removed from the hook: removing the only callback of the priority running makes WordPress
		// skip the next one (WP_Hook::resort_active_iterations()), here core's registration when it stays.
		if ( $this->asked ) {
			return;
		}
		$this->asked = true;
		/**
		 * Whether a REST request for a route in svc's namespace registers WordPress core's routes only
		 * when something in it asks for them (default true).
		 *
		 * @param bool $defer
		 */
		if ( self::PRIORITY !== has_action( 'rest_api_init', self::REGISTRATION ) || self::embeds() || ! apply_filters( 'svc_defer_core_routes', true ) ) {
			return;
		}
		remove_action( 'rest_api_init', self::REGISTRATION, self::PRIORITY );
		// A server built later in this process (tests build several) registers core's routes again.
		add_action( 'rest_api_init', array( $this, 'restore' ), PHP_INT_MAX );
		$this->deferred = true;
		add_filter( 'rest_pre_dispatch', array( $this, 'before_dispatch' ), PHP_INT_MIN, 3 );
		add_filter( 'rest_endpoints', array( $this, 'before_listing' ), PHP_INT_MIN );
	}

	/**
	 * @internal Action callback for `rest_api_init` (last): core's hook back in place for the next server.
	 */
	public function restore(): void {
		add_action( 'rest_api_init', self::REGISTRATION, self::PRIORITY );
	}

	/**
	 * @internal Filter callback for `rest_pre_dispatch` (first): a request for a route outside svc's
	 * namespace (made inside this one) is matched against every route.
	 */
	public function before_dispatch( mixed $result, WP_REST_Server $server, WP_REST_Request $request ): mixed {
		unset( $server );
		if ( $this->deferred && ! RequestScope::of_route( $request->get_route() )->in_namespace( $this->route_namespace ) ) {
			$this->register();
		}
		return $result;
	}

	/**
	 * @internal Filter callback for `rest_endpoints` (first): a listing built by a route's code has
	 * core's routes, and every later filter sees them. Matching a request (before callbacks) and the
	 * Allow header (after them) list svc's routes only and do not wait for them.
	 *
	 * @param mixed $endpoints Route => handlers; other filters may pass anything.
	 */
	public function before_listing( mixed $endpoints ): mixed {
		if ( ! $this->deferred || 0 === $this->depth->depth() || ! is_array( $endpoints ) ) {
			return $endpoints;
		}
		$namespace = self::listed_namespace();
		if ( trim( $this->route_namespace, '/' ) === $namespace ) {
			return $endpoints;
		}
		$server = rest_get_server();
		$before = self::endpoints_of( $server );
		$this->register();
		return CoreRouteListing::completed( $endpoints, $before, self::endpoints_of( $server ), $namespace );
	}

	/**
	 * Whether the response's links are embedded (`?_embed`): WordPress matches an embedded collection's
	 * route, to ask for its largest page, after the callbacks and without dispatching it, where
	 * nothing would wait for core's routes.
	 */
	private static function embeds(): bool {
		return isset( $_GET['_embed'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only whether it is there, as WP_REST_Server::serve_request() reads it.
	}

	/**
	 * Registers core's routes now if they are still held: for code about to read the server's
	 * namespaces or route options, which no filter announces.
	 */
	public function register_now(): void {
		if ( $this->deferred ) {
			$this->register();
		}
	}

	private function register(): void {
		$this->deferred = false;
		remove_filter( 'rest_pre_dispatch', array( $this, 'before_dispatch' ), PHP_INT_MIN );
		remove_filter( 'rest_endpoints', array( $this, 'before_listing' ), PHP_INT_MIN );
		call_user_func( self::REGISTRATION );
	}

	/**
	 * The server's routes as registered, before `rest_endpoints` (there is no public reader).
	 *
	 * @return array<string, mixed>
	 */
	private static function endpoints_of( WP_REST_Server $server ): array {
		$read      = \Closure::bind(
			function (): mixed {
				return $this->endpoints;
			},
			$server,
			WP_REST_Server::class
		);
		$endpoints = null === $read ? array() : $read();
		return (array) $endpoints;
	}

	/**
	 * The namespace the listing being built was asked for (get_routes( $namespace ), which filters
	 * before `rest_endpoints` and does not pass it on); '' for every route.
	 */
	private static function listed_namespace(): string {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- the one place get_routes()'s argument is known.
		foreach ( debug_backtrace( DEBUG_BACKTRACE_PROVIDE_OBJECT, 12 ) as $frame ) {
			if ( 'get_routes' === $frame['function'] && ( $frame['object'] ?? null ) instanceof WP_REST_Server ) {
				$namespace = $frame['args'][0] ?? '';
				return is_string( $namespace ) ? $namespace : '';
			}
		}
		return '';
	}
}
