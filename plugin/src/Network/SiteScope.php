<?php
/**
 * The site a request's svc belongs to.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Network;

use Svc\Settings\RouteNamespace;
use WP_Error;
use WP_REST_Request;

/**
 * On a network, svc's objects are built for the site the request came to: its tree of files
 * (Paths, fixed when the plugin loads) and, through `$wpdb->prefix` and get_option(), its tables
 * and options, read when used. switch_to_blog() moves the second half to another site and not the
 * first, so nothing of svc may run while another site is current: the REST routes are registered
 * inside this site, and svc's routes dispatched while another site is current (a plugin's
 * rest_do_request() between switch_to_blog() and restore_current_blog()) are refused instead of
 * serving this site's routes, or writing this site's files with another site's releases.
 */
final class SiteScope {

	public function __construct( private readonly int $blog_id ) {
	}

	public function blog_id(): int {
		return $this->blog_id;
	}

	/**
	 * Whether the site svc was built for is the current one.
	 */
	public function current(): bool {
		return ! is_multisite() || get_current_blog_id() === $this->blog_id;
	}

	/**
	 * Runs $work with this site current, and restores whatever site was current.
	 *
	 * @template T
	 * @param callable(): T $work
	 * @return T
	 */
	public function run( callable $work ): mixed {
		if ( $this->current() ) {
			return $work();
		}
		switch_to_blog( $this->blog_id );
		try {
			return $work();
		} finally {
			restore_current_blog();
		}
	}

	/**
	 * @internal Filter callback for `rest_pre_dispatch`, after svc registered what the request needs.
	 *
	 * @param RouteNamespace $route_namespace Read as this site has it.
	 */
	public function refuse_elsewhere( mixed $result, WP_REST_Request $request, RouteNamespace $route_namespace ): mixed {
		if ( null !== $result || $this->current() ) {
			return $result;
		}
		$route = strtolower( untrailingslashit( $request->get_route() ) );
		foreach ( array( RouteNamespace::RESERVED, $this->run( $route_namespace->get( ... ) ) ) as $namespace ) {
			if ( '/' . $namespace === $route || str_starts_with( $route, '/' . $namespace . '/' ) ) {
				return new WP_Error(
					'svc_other_site',
					/* translators: 1: the site id svc serves in this request, 2: the current site id */
					sprintf( __( 'svc serves the routes of site %1$d in this request, and site %2$d is current (switch_to_blog()): call the route on its own site.', 'svc' ), $this->blog_id, get_current_blog_id() ),
					array( 'status' => 409 )
				);
			}
		}
		return $result;
	}
}
