<?php
/**
 * A REST request that asks to be served by a preview release.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Release\Deployer;
use Svc\Release\PreviewToken;
use Svc\Release\ReleaseStore;
use Svc\Release\Schema;
use WP_HTTP_Response;

/**
 * A request carrying `X-Svc-Preview: <token>` is served by that preview's tree, on any node (one that
 * lacks the tree builds it from the database). The caller looks at the header first
 * (RequestScope::preview_token()), so a request without it costs nothing here, not even this class.
 * A token that opens nothing gets the active release, as a client without one would, with a header
 * saying why, and a preview's answer is never stored by a cache.
 * It names the tree to serve; the composition root (Plugin) builds the objects that serve it.
 */
final class PreviewRequest {

	private ?int $served     = null;
	private ?string $refused = null;

	public function __construct( private readonly ReleaseStore $releases, private readonly Deployer $deployer ) {
	}

	/**
	 * The preview's tree (under Paths::trees()) that serves this request's routes; null for the
	 * active release's.
	 */
	public function tree( string $token ): ?string {
		add_filter( 'rest_post_dispatch', array( $this, 'mark' ), 110 );
		// After HeaderApplier::resend (100), which sends a route's headers() again at the last moment.
		add_filter( 'rest_pre_serve_request', array( $this, 'keep_private' ), 120, 4 );
		Schema::ensure();
		$token   = trim( $token );
		$preview = $this->releases->preview_for_token( $token );
		if ( null === $preview ) {
			$this->refused = 'svc_preview_invalid';
			return null;
		}
		if ( PreviewToken::expired( $preview['expires'], time() ) ) {
			$this->refused = 'svc_preview_expired';
			return null;
		}
		$tree = $this->deployer->preview_tree( $preview );
		if ( null === $tree ) {
			$this->refused = 'svc_preview_unavailable';
			return null;
		}
		$this->served = $preview['id'];
		return $tree;
	}

	/**
	 * @internal Filter callback for `rest_pre_serve_request`: a preview's answer stays out of shared
	 * caches even when the route's own headers() asks for caching, so no cache hands it to a client
	 * without the token.
	 */
	public function keep_private( mixed $served, mixed $result, \WP_REST_Request $request, \WP_REST_Server $server ): mixed {
		unset( $result, $request );
		if ( null !== $this->served ) {
			$server->send_header( 'Cache-Control', 'private, no-store' );
		}
		return $served;
	}

	/**
	 * @internal Filter callback for `rest_post_dispatch`: says which release answered.
	 */
	public function mark( mixed $response ): mixed {
		if ( ! $response instanceof WP_HTTP_Response ) {
			return $response;
		}
		if ( null !== $this->served ) {
			$response->header( 'X-Svc-Preview-Release', (string) $this->served );
			// A preview is for whoever holds the token: no shared cache may keep it for others.
			$response->header( 'Cache-Control', 'private, no-store' );
		} elseif ( null !== $this->refused ) {
			$response->header( 'X-Svc-Preview-Error', $this->refused );
		}
		return $response;
	}
}
