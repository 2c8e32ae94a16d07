<?php
/**
 * Which route a REST request is for, and whether it may need svc at all.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * A REST request for another plugin's or core's route (`/wp/v2/posts`) needs nothing of svc's
 * unless something inside it asks (a rest_do_request() of an svc route, a listing of every route):
 * svc then sets itself up on that request's first ask instead of on every REST request
 * (Svc\Plugin). Needs it: the index (`/`), batches (their sub-requests are matched before any
 * reaches a filter), svc's management API and the routes under svc's namespace, and any request
 * whose route is unknown (rest_do_request() outside a REST request, e.g. the block editor's
 * preloading). Route and namespace compare as WordPress matches them: case-insensitive, one
 * trailing slash ignored. The one place the request's route is read from WordPress.
 */
final class RequestScope {

	/** Svc's management API, whatever the route namespace is. */
	private const MANAGEMENT = 'svc/v1';
	/** Where PHP puts the `X-Svc-Preview` header (PreviewRequest). */
	private const PREVIEW_KEY = 'HTTP_X_SVC_PREVIEW';

	/**
	 * @param string|null $route The route (`/wp/v2/posts`); null when unknown.
	 */
	private function __construct( private readonly ?string $route ) {
	}

	/**
	 * The REST request this process serves, as WordPress parsed it; its route is unknown outside a
	 * REST request (rest_do_request() from a page, WP-CLI, cron).
	 */
	public static function of_request(): self {
		$rest = defined( 'REST_REQUEST' ) && REST_REQUEST && isset( $GLOBALS['wp']->query_vars['rest_route'] );
		return new self( $rest ? (string) $GLOBALS['wp']->query_vars['rest_route'] : null );
	}

	/**
	 * The preview token this process's request carries (`X-Svc-Preview`), or null: read here, so that
	 * a request without one loads nothing of previews.
	 */
	public static function preview_token(): ?string {
		$token = $_SERVER[ self::PREVIEW_KEY ] ?? null;
		return is_string( $token ) ? sanitize_text_field( wp_unslash( $token ) ) : null;
	}

	/**
	 * A request for $route (a request made inside another, with its own route).
	 */
	public static function of_route( ?string $route ): self {
		return new self( $route );
	}

	/**
	 * @param string $route_namespace The route namespace (`svc-api/v1`).
	 */
	public function needs_svc( string $route_namespace ): bool {
		$route = $this->normalized();
		if ( null === $route || '/' === $route || '/batch/v1' === $route ) {
			return true;
		}
		return null !== $this->own_namespace( $route_namespace );
	}

	/**
	 * Whether the route is $route_namespace's index or one of its routes: none of WordPress core's
	 * can match it (CoreRoutes).
	 */
	public function in_namespace( string $route_namespace ): bool {
		$route = $this->normalized();
		$ours  = '/' . self::namespace_route( $route_namespace );
		return null !== $route && ( $ours === $route || str_starts_with( $route, $ours . '/' ) );
	}

	/**
	 * Which of svc's namespaces the request is in, the route namespace or the management API's, where
	 * none of WordPress core's routes can match it (CoreRoutes); null for any other request.
	 *
	 * @param string $route_namespace The route namespace (`svc-api/v1`).
	 */
	public function own_namespace( string $route_namespace ): ?string {
		foreach ( array( $route_namespace, self::MANAGEMENT ) as $candidate ) {
			if ( $this->in_namespace( $candidate ) ) {
				return $candidate;
			}
		}
		return null;
	}

	/**
	 * Whether the request can match one route only, so that svc registers the route(s) its path
	 * names instead of every route: not the index, a batch or svc's namespace index, which list or
	 * match them all, nor a request whose route is unknown.
	 *
	 * @param string $route_namespace The route namespace (`svc-api/v1`).
	 */
	public function serves_one_route( string $route_namespace ): bool {
		$route = $this->normalized();
		return null !== $route && ! in_array( $route, array( '/', '/batch/v1', '/' . self::namespace_route( $route_namespace ) ), true );
	}

	/**
	 * The route as WordPress matches it: lowercase, one leading slash, no trailing one.
	 */
	private function normalized(): ?string {
		return null === $this->route ? null : '/' . trim( strtolower( $this->route ), '/' );
	}

	private static function namespace_route( string $route_namespace ): string {
		return strtolower( trim( $route_namespace, '/' ) );
	}
}
