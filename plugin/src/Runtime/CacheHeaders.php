<?php
/**
 * Applies a route's #[Cache] to its successful GET answers.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\EarlyCache\Credentials;
use Svc\EarlyCache\EntityTag;
use Svc\Manifest\ManifestStore;
use WeakMap;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * On `rest_post_dispatch`, before HeaderApplier (so a route's own headers() still win): a 2xx answer
 * to GET (or HEAD) of a route whose manifest entry has a cache policy gets the `Cache-Control` and
 * `Vary` CachePolicy decides (`public` only when GET is open to anyone, by the same lexical rule the
 * Authorizer uses, and the request carried no credentials: a shared cache must never keep what a
 * logged-in caller was shown) and a strong `ETag` of its JSON. A request
 * whose `If-None-Match` names that tag is answered `304`; WordPress would still echo a body (`null`),
 * so `rest_pre_serve_request` tells it the answer is served. Errors never get these headers.
 */
final class CacheHeaders {

	/** @var WeakMap<WP_HTTP_Response, true> Answers turned into 304 by this class. */
	private WeakMap $not_modified;
	/** @var WeakMap<WP_HTTP_Response, true> Answers given cache headers by this class. */
	private WeakMap $cached;
	/** Whether the answer this request serves was given a Cache-Control by this class. */
	private bool $serving_cached = false;

	public function __construct(
		private readonly Registrar $registrar,
		private readonly ManifestStore $store,
	) {
		$this->not_modified = new WeakMap();
		$this->cached       = new WeakMap();
	}

	/**
	 * @internal Filter callback for `rest_post_dispatch`.
	 */
	public function apply( mixed $response, WP_REST_Server $server, WP_REST_Request $request ): mixed {
		unset( $server );
		if ( ! $response instanceof WP_REST_Response || ! in_array( $request->get_method(), array( 'GET', 'HEAD' ), true ) ) {
			return $response;
		}
		$status = $response->get_status();
		if ( $status < 200 || $status > 299 ) {
			return $response;
		}
		$slug  = $this->registrar->slug_for_route( (string) $response->get_matched_route() );
		$entry = null === $slug ? null : $this->store->entry( $slug );
		$cache = $entry['cache'] ?? null;
		if ( null === $entry || null === $cache ) {
			return $response;
		}
		$credentialed = is_user_logged_in() || Credentials::carried( $_SERVER, $_COOKIE );
		$headers      = CachePolicy::headers( in_array( 'get', $entry['public'], true ), $credentialed, $cache['max_age'], $cache['stale_while_revalidate'] );
		$etag         = CachePolicy::etag( (string) wp_json_encode( $response->get_data() ) );
		$response->header( 'Cache-Control', $headers['cache_control'] );
		$response->header( 'ETag', $etag );
		$response->header( 'Vary', implode( ', ', $headers['vary'] ), false );
		$this->cached[ $response ] = true;
		// WordPress sends no-cache headers to logged-in callers (after these, or instead of them on
		// older versions): not for the answer of this very request (not one embedded in it). Such a
		// caller's answer is private (above), which no shared cache stores.
		$top                  = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? '/' . trim( (string) $GLOBALS['wp']->query_vars['rest_route'], '/' ) : null;
		$this->serving_cached = $this->serving_cached || untrailingslashit( $request->get_route() ) === $top;
		if ( EntityTag::matches( (string) $request->get_header( 'if_none_match' ), $etag ) ) {
			$response->set_status( 304 );
			$response->set_data( null );
			$this->not_modified[ $response ] = true;
		}
		return $response;
	}

	/**
	 * @internal Filter callback for `rest_pre_serve_request`, after WordPress's CORS headers (which add
	 * a second `Vary: Origin` line) and HeaderApplier: a cached answer's Vary lines become one line,
	 * since some shared caches read one (nginx before 1.23 keys on the last line alone, and would keep
	 * an anonymous answer for every `Authorization`). A 304 is sent without a body.
	 */
	public function serve( mixed $served, mixed $result ): mixed {
		if ( ! $result instanceof WP_HTTP_Response ) {
			return $served;
		}
		if ( isset( $this->cached[ $result ] ) && ! headers_sent() ) {
			$vary = CachePolicy::one_vary( headers_list() );
			if ( null !== $vary ) {
				header( 'Vary: ' . $vary );
			}
		}
		return isset( $this->not_modified[ $result ] ) ? true : $served;
	}

	/**
	 * @internal Filter callback for `rest_send_nocache_headers`: a cached answer keeps its Cache-Control.
	 */
	public function no_cache_headers( mixed $send ): mixed {
		return $this->serving_cached ? false : $send;
	}
}
