<?php
/**
 * Whether a REST request may need svc at all.
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
 * trailing slash ignored.
 */
final class RequestScope {

	/** Svc's management API, whatever the route namespace is. */
	private const MANAGEMENT = 'svc/v1';

	/**
	 * @param string|null $route     The request's route (`/wp/v2/posts`); null when unknown.
	 * @param string      $namespace The route namespace (`svc-api/v1`).
	 */
	public static function needs_svc( ?string $route, string $namespace ): bool {
		if ( null === $route ) {
			return true;
		}
		$route = '/' . trim( strtolower( $route ), '/' );
		if ( '/' === $route || '/batch/v1' === $route ) {
			return true;
		}
		foreach ( array( self::MANAGEMENT, strtolower( trim( $namespace, '/' ) ) ) as $ours ) {
			if ( '/' . $ours === $route || str_starts_with( $route, '/' . $ours . '/' ) ) {
				return true;
			}
		}
		return false;
	}
}
