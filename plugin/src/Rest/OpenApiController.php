<?php
/**
 * `svc/v1/openapi`: the OpenAPI 3.1 document of the svc routes.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\OpenApi\OpenApiDocument;
use Svc\Manifest\Entry;
use Svc\Manifest\ManifestStore;
use Svc\Runtime\RouteLoader;
use Svc\Scanning\TokenScanner;
use Svc\Settings\RouteNamespace;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md. The document comes from the manifest; files never loaded since they
 * changed are loaded first, as the listing does, so a file that fails is left out and named.
 *
 * @phpstan-import-type EntryData from Entry
 */
final class OpenApiController {

	public function __construct(
		private readonly ManifestStore $store,
		private readonly RouteLoader $loader,
		private readonly RouteNamespace $route_namespace,
	) {
	}

	public function register(): void {
		register_rest_route(
			Management::NAMESPACE,
			'/openapi',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'document' ),
				'permission_callback' => array( Management::class, 'check' ),
			)
		);
	}

	public function document(): WP_REST_Response {
		$loaded = array();
		$failed = array();
		foreach ( $this->store->verified()['files'] as $slug => $entry ) {
			$slug  = (string) $slug;
			$error = ! empty( $entry['oversize'] ) ? (string) $entry['error'] : $this->loader->boot_status( $slug, $entry );
			if ( null === $error ) {
				$loaded[ $slug ] = self::with_docs( $slug, $entry );
			} else {
				$failed[ $slug ] = $error;
			}
		}
		return new WP_REST_Response(
			OpenApiDocument::build(
				$loaded,
				$failed,
				$this->route_namespace->get(),
				array(
					/* translators: %s: the site's name */
					'title'  => sprintf( __( '%s API', 'svc' ), '' === get_bloginfo( 'name' ) ? 'WordPress' : get_bloginfo( 'name' ) ),
					'server' => rest_url(),
					'cookie' => (string) constant( 'LOGGED_IN_COOKIE' ),
				)
			)
		);
	}

	/**
	 * The entry with its docblocks: the manifest leaves them out (a request never needs them, and
	 * long ones would weigh on every manifest read), so the file is scanned again here.
	 *
	 * @param EntryData $entry
	 * @return EntryData
	 */
	private static function with_docs( string $slug, array $entry ): array {
		$source = @file_get_contents( $entry['path'] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- gone since the listing: no docs.
		if ( false !== $source ) {
			$entry['contract'] = TokenScanner::scan( $source, $slug . '.php' )->contract ?? $entry['contract'];
		}
		return $entry;
	}
}
