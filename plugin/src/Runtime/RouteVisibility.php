<?php
/**
 * Keeps closed routes out of what WordPress tells callers who may not call them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Closure;
use Svc\Manifest\ManifestStore;
use Svc\Settings\RouteNamespace;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * WordPress describes every registered route, with its verbs and argument schemas (descriptions
 * included), in the REST index, in a namespace's index and in an OPTIONS answer, to anyone. svc's
 * OpenAPI document is for administrators only, so these must not tell more: a route is described to
 * a caller only when one of its verbs is open to everyone (the scan's [PUBLIC]) or this caller passes
 * one verb's permission check. Administrators see every route; svc's management routes are described
 * to those who may use them.
 *
 * Only descriptions are filtered (`rest_route_data` for both indexes, the OPTIONS answer after core
 * made it): the routes stay registered, so dispatching and every status a call gets are unchanged.
 */
final class RouteVisibility {

	/** @var array<string, bool> Slug => visible, for this request's caller. */
	private array $visible = array();
	/** The request being served, whose headers a permission check may read (a shared secret). */
	private ?WP_REST_Request $request = null;

	/**
	 * @param Closure(): mixed $may_manage The management API's permission check (Rest\Management::check):
	 *                                     its routes are described when it answers true.
	 */
	public function __construct(
		private readonly ManifestStore $store,
		private readonly Authorizer $authorizer,
		private readonly Registrar $registrar,
		private readonly Closure $may_manage,
	) {
	}

	public function register(): void {
		add_filter( 'rest_route_data', array( $this, 'filter_route_data' ), 100 );
		// After core's rest_handle_options_request (10) answered: the answer is emptied, as for a path
		// no route matches, and its matched route kept, so the Allow header still lists what this
		// caller may call (nothing, for a caller this hides the route from).
		add_filter( 'rest_pre_dispatch', array( $this, 'filter_options' ), 11, 3 );
	}

	/**
	 * @internal Filter callback for `rest_route_data`: the routes of the REST index and of a
	 * namespace's index, by route pattern.
	 */
	public function filter_route_data( mixed $available ): mixed {
		if ( ! is_array( $available ) ) {
			return $available;
		}
		return RouteDisclosure::described( $available, $this->route_visible( ... ) );
	}

	/**
	 * @internal Filter callback for `rest_pre_dispatch`: notes the request (`rest_route_data` is not
	 * given it), and empties an OPTIONS answer for a route this caller may not call.
	 */
	public function filter_options( mixed $result, WP_REST_Server $server, WP_REST_Request $request ): mixed {
		unset( $server );
		$this->request = $request;
		if ( $result instanceof WP_REST_Response && RouteDisclosure::options_hidden( $request->get_method(), $result->get_matched_route(), $this->route_visible( ... ) ) ) {
			$result->set_data( array() );
		}
		return $result;
	}

	private function route_visible( string $route ): bool {
		if ( RouteDisclosure::under( $route, '/' . RouteNamespace::RESERVED ) ) {
			return true === ( $this->may_manage )();
		}
		$slug = $this->registrar->slug_for_route( $route );
		if ( null === $slug ) {
			// Not svc's: another plugin's or core's route is theirs to describe.
			return true;
		}
		return $this->visible[ $slug ] ??= $this->slug_visible( $slug, $route );
	}

	/**
	 * Whether the caller may call one verb of the route: the manifest answers for public verbs and
	 * administrators; otherwise the Authorizer decides, as for a call (a closed-by-default file is
	 * refused without being loaded). The probe is an OPTIONS request for the route carrying the
	 * caller's headers: a check that throws is not logged as a denied call.
	 */
	private function slug_visible( string $slug, string $route ): bool {
		$probe = new WP_REST_Request( 'OPTIONS', $route );
		$probe->set_headers( null === $this->request ? array() : $this->request->get_headers() );
		return RouteDisclosure::file_visible(
			$this->store->entry( $slug ),
			current_user_can( Authorizer::DEFAULT_CAPABILITY ),
			fn ( string $verb ): bool => true === $this->authorizer->authorize( $probe, $slug, $verb )
		);
	}
}
