<?php
/**
 * `svc/v1/diagnostics`: what `svc doctor` needs to know of the site that only PHP can tell.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\EarlyCache\DropIn;

use Svc\Runtime\AuthorizationFallback;
use Svc\Secrets\Keyring;
use Svc\Secrets\SecretStore;
use Svc\Storage\Paths;
use Svc\Validation\InProcessCompiler;
use Svc\Validation\SyntaxChecker;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Read-only facts, no judgement: the CLI decides what is a problem and how to say it, so a newer
 * CLI can diagnose an older plugin. Deploy policy and size limits are in `GET status`.
 */
final class DiagnosticsController {

	public function __construct( private readonly Paths $paths ) {
	}

	public function register(): void {
		register_rest_route(
			Management::NAMESPACE,
			'/diagnostics',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'show' ),
					'permission_callback' => array( Management::class, 'check' ),
				),
			)
		);
	}

	public function show(): WP_REST_Response {
		$root    = $this->paths->root();
		$opcache = function_exists( 'opcache_get_status' ) ? opcache_get_status( false ) : false;
		$secrets = SecretStore::for_site()->listing();
		return new WP_REST_Response(
			array(
				'plugin'      => array( 'version' => defined( 'SVC_VERSION' ) ? SVC_VERSION : null ),
				// Which web server: the fix for a stripped Authorization header is the server's own.
				'server'      => array( 'software' => self::server_software() ),
				'php'         => array(
					'version'           => PHP_VERSION,
					'sapi'              => PHP_SAPI,
					// Whether a push's files are compiled in the push request itself (opcache).
					'syntax_in_process' => InProcessCompiler::usable(),
					// The binary the push-time syntax check runs otherwise; null with the above false: skipped.
					'syntax_binary'     => ( new SyntaxChecker() )->binary(),
				),
				'wordpress'   => array(
					'version'               => get_bloginfo( 'version' ),
					'environment_type'      => wp_get_environment_type(),
					'https'                 => is_ssl(),
					'application_passwords' => wp_is_application_passwords_available(),
					'permalink_structure'   => (string) get_option( 'permalink_structure' ),
					'disallow_file_mods'    => defined( 'DISALLOW_FILE_MODS' ) && DISALLOW_FILE_MODS,
				),
				// Which of Authorization and svc's X-Svc-Authorization reached PHP on this very request.
				'auth'        => AuthorizationFallback::arrived(),
				'storage'     => array(
					'path'     => 'wp-content/' . basename( $root ),
					// The folder, or where it will be made: the first push creates it.
					'writable' => is_dir( $root ) ? wp_is_writable( $root ) : wp_is_writable( dirname( $root ) ),
				),
				'limits'      => array(
					'post_max_size'       => (int) wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) ),
					'upload_max_filesize' => (int) wp_convert_hr_to_bytes( (string) ini_get( 'upload_max_filesize' ) ),
					'memory_limit'        => (int) wp_convert_hr_to_bytes( (string) ini_get( 'memory_limit' ) ),
				),
				// Names only: which secrets the site's key no longer opens (the key or salts changed).
				'secrets'     => array(
					'key'        => Keyring::material()[0],
					// Where the key's material is kept: 'database-salts' means a dump opens the secrets.
					'key_source' => Keyring::source(),
					'key_usable' => null === Keyring::problem(),
					'count'      => count( $secrets ),
					'unreadable' => array_values( array_map( static fn ( array $item ): string => $item['name'], array_filter( $secrets, static fn ( array $item ): bool => ! $item['readable'] ) ) ),
				),
				// Where cached answers are served from, and why (the drop-in, or svc's plugin file).
				'early_cache' => DropIn::status(),
				'opcache'     => array(
					'enabled'             => is_array( $opcache ) && true === ( $opcache['opcache_enabled'] ?? false ),
					'validate_timestamps' => (bool) ini_get( 'opcache.validate_timestamps' ),
					'revalidate_freq'     => (int) ini_get( 'opcache.revalidate_freq' ),
				),
			)
		);
	}

	/** `Apache`, `nginx`, `LiteSpeed`…: the product only, never its version (nothing to fingerprint). */
	private static function server_software(): ?string {
		$software = isset( $_SERVER['SERVER_SOFTWARE'] ) && is_string( $_SERVER['SERVER_SOFTWARE'] ) ? sanitize_text_field( wp_unslash( $_SERVER['SERVER_SOFTWARE'] ) ) : '';
		return preg_match( '/^[A-Za-z][A-Za-z-]*/', $software, $match ) ? $match[0] : null;
	}
}
