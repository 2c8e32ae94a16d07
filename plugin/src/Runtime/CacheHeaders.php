<?php
/**
 * Applies a route's #[Cache] to its successful GET answers.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Manifest\ManifestStore;
use WeakMap;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * On `rest_post_dispatch`, before HeaderApplier (so a route's own headers() still win): a 2xx answer
 * to GET (or HEAD) of a route whose manifest entry has a cache policy gets `Cache-Control` (`public`
 * when GET is open to anyone, by the same lexical rule the Authorizer uses, else `private`: a shared
 * cache must never keep what a logged-in caller was shown) and a strong `ETag` of its JSON. A request
 * whose `If-None-Match` names that tag is answered `304`; WordPress would still echo a body (`null`),
 * so `rest_pre_serve_request` tells it the answer is served. Errors never get these headers.
 */
final class CacheHeaders {

	/** @var WeakMap<WP_HTTP_Response, true> Answers turned into 304 by this class. */
	private WeakMap $not_modified;
	/** Whether the answer this request serves was given a Cache-Control by this class. */
	private bool $serving_cached = false;

	public function __construct(
		private readonly Registrar $registrar,
		private readonly ManifestStore $store,
	) {
		$this->not_modified = new WeakMap();
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
		$value = sprintf( '%s, max-age=%d', in_array( 'get', $entry['public'], true ) ? 'public' : 'private', $cache['max_age'] );
		if ( null !== $cache['stale_while_revalidate'] ) {
			$value .= sprintf( ', stale-while-revalidate=%d', $cache['stale_while_revalidate'] );
		}
		$etag = '"' . substr( hash( 'sha256', (string) wp_json_encode( $response->get_data() ) ), 0, 32 ) . '"';
		$response->header( 'Cache-Control', $value );
		$response->header( 'ETag', $etag );
		// The same URL answers a preview's routes to a request with X-Svc-Preview: a shared cache must
		// not hand this answer to one (preview answers themselves are never stored: PreviewRequest).
		$response->header( 'Vary', 'X-Svc-Preview', false );
		// WordPress sends no-cache headers to logged-in callers (after these, or instead of them on
		// older versions): not for the answer of this very request (not one embedded in it).
		$top                  = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? '/' . trim( (string) $GLOBALS['wp']->query_vars['rest_route'], '/' ) : null;
		$this->serving_cached = $this->serving_cached || untrailingslashit( $request->get_route() ) === $top;
		if ( self::matches( (string) $request->get_header( 'if_none_match' ), $etag ) ) {
			$response->set_status( 304 );
			$response->set_data( null );
			$this->not_modified[ $response ] = true;
		}
		return $response;
	}

	/**
	 * @internal Filter callback for `rest_pre_serve_request`: a 304 is sent without a body.
	 */
	public function serve( mixed $served, mixed $result ): mixed {
		return $result instanceof WP_HTTP_Response && isset( $this->not_modified[ $result ] ) ? true : $served;
	}

	/**
	 * @internal Filter callback for `rest_send_nocache_headers`: a cached answer keeps its Cache-Control.
	 */
	public function no_cache_headers( mixed $send ): mixed {
		return $this->serving_cached ? false : $send;
	}

	/**
	 * `If-None-Match` is compared weakly (RFC 9110): `W/"…"` matches too, and `*` matches any tag.
	 */
	private static function matches( string $header, string $etag ): bool {
		if ( '' === trim( $header ) ) {
			return false;
		}
		foreach ( explode( ',', $header ) as $tag ) {
			$tag = trim( $tag );
			if ( '*' === $tag || $etag === $tag || 'W/' . $etag === $tag ) {
				return true;
			}
		}
		return false;
	}
}
