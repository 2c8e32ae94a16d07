<?php
/**
 * Applies a route's #[RateLimit] before its permission checks and code run.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime\Limits;

use WeakMap;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Server;

/**
 * Runs on `rest_request_before_callbacks`, which WordPress applies after matching the request to a
 * handler and before the handler's permission callback: a refused client costs one counter update,
 * no route file code. Only handlers that carry `svc_rate` (Registrar, from the manifest) are
 * counted, so a route without the attribute pays nothing.
 *
 * The window and the verdict are RateWindow's; the client is ClientBucket's key of ClientAddress's
 * address (an IPv6 client by its /64, or the prefix filter `svc_rate_limit_ipv6_prefix` says). Every answer of the route carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * (seconds until the window ends); a refused one also `Retry-After`.
 *
 * @phpstan-type State array{limit: int, remaining: int, reset: int, limited: bool}
 */
final class RateLimiter {

	/**
	 * What was counted per request: a request may dispatch others (rest_do_request()), each its own.
	 *
	 * @var WeakMap<WP_REST_Request, State>
	 */
	private WeakMap $states;

	/**
	 * @param RateCounter|null $counter Where clients are counted; made when a route with a limit is
	 *                                  first counted, so a request for a route without one makes none.
	 */
	public function __construct( private ?RateCounter $counter = null ) {
		$this->states = new WeakMap();
	}

	/**
	 * @internal Filter callback for `rest_request_before_callbacks`.
	 *
	 * @param mixed        $response Null, or an error WordPress found already (invalid arguments).
	 * @param mixed $handler  The matched handler (an array; other filters may pass anything).
	 */
	public function check( mixed $response, mixed $handler, WP_REST_Request $request ): mixed {
		$policy = is_array( $handler ) ? ( $handler['svc_rate'] ?? null ) : null;
		if ( ! is_array( $policy ) ) {
			return $response;
		}
		$requests = (int) $policy['requests'];
		$now      = time();
		$window   = new RateWindow( $now, (int) $policy['per'] );
		$address  = ClientAddress::of( $_SERVER, defined( 'SVC_TRUSTED_PROXIES' ) ? constant( 'SVC_TRUSTED_PROXIES' ) : null );
		$client   = ClientBucket::key( $address, (int) apply_filters( 'svc_rate_limit_ipv6_prefix', ClientBucket::DEFAULT_IPV6_PREFIX ) );
		$route    = array( get_current_blog_id(), $policy['slug'], $policy['scope'], $window->per );
		$bucket   = md5( implode( "\n", array( ...$route, $client, $window->start ) ) );
		$shared   = md5( implode( "\n", array( ...$route, '*', $window->start ) ) );
		$state    = $window->verdict( $now, $requests, ( $this->counter ??= new RateCounter() )->hit( $bucket, $shared, $window->end ) );
		$limited  = $state['limited'];

		$this->states[ $request ] = $state;
		if ( ! $limited ) {
			return $response;
		}
		return new WP_Error(
			'svc_rate_limited',
			/* translators: 1: requests allowed, 2: seconds in the window, 3: seconds to wait */
			sprintf( __( 'Too many requests: this route answers %1$d requests per %2$d seconds to one client. Try again in %3$d seconds.', 'svc' ), $requests, $window->per, $state['reset'] ),
			array( 'status' => 429 )
		);
	}

	/**
	 * Whether this request was refused: WordPress still calls the permission callbacks of the
	 * matched route after dispatch (for the Allow header), and they must not run for it.
	 */
	public function refused( WP_REST_Request $request ): bool {
		return $this->states[ $request ]['limited'] ?? false;
	}

	/**
	 * @internal Filter callback for `rest_post_dispatch`: the headers on every answer of the route.
	 */
	public function headers( mixed $response, WP_REST_Server $server, WP_REST_Request $request ): mixed {
		unset( $server );
		$state = $this->states[ $request ] ?? null;
		if ( null === $state || ! $response instanceof WP_HTTP_Response ) {
			return $response;
		}
		$response->header( 'RateLimit-Limit', (string) $state['limit'] );
		$response->header( 'RateLimit-Remaining', (string) $state['remaining'] );
		$response->header( 'RateLimit-Reset', (string) $state['reset'] );
		if ( $state['limited'] ) {
			$response->header( 'Retry-After', (string) max( 1, $state['reset'] ) );
		}
		return $response;
	}
}
