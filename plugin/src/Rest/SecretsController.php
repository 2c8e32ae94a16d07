<?php
/**
 * `svc/v1/secrets`: list, set and remove the secrets route code reads with `Svc\Api\Secrets::get()`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Closure;
use RuntimeException;
use Svc\Events\Emit;
use Svc\Secrets\Keyring;
use Svc\Secrets\Name;
use Svc\Secrets\SecretStore;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Write-only: no answer, error or event of this controller holds a value, only names (see
 * docs/management-api.md, "Secrets"). A site that forbids code changes forbids these writes too: a
 * secret changes what route code does as surely as a push.
 */
final class SecretsController {

	/**
	 * @param (Closure(): ?string)|null $purge_answers Makes every route's stored answers unreachable
	 *        (CacheController::record( null )): they were made with the old value. Null when done,
	 *        else why not.
	 */
	public function __construct( private readonly SecretStore $secrets, private readonly ?Closure $purge_answers = null ) {
	}

	public function register(): void {
		register_rest_route(
			Management::NAMESPACE,
			'/secrets',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'index' ),
					'permission_callback' => array( Management::class, 'check' ),
				),
			)
		);
		// Any name reaches the callbacks, so a bad one answers 400 with the rule, not 404 no-route.
		register_rest_route(
			Management::NAMESPACE,
			'/secrets/(?P<name>[^/]+)',
			array(
				array(
					'methods'             => 'PUT',
					'callback'            => Management::writes( array( $this, 'put' ) ),
					'permission_callback' => array( Management::class, 'check' ),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => Management::writes( array( $this, 'delete' ) ),
					'permission_callback' => array( Management::class, 'check' ),
				),
			)
		);
	}

	public function index(): WP_REST_Response {
		// Each record says where the key is kept, so that a client listing secrets can warn when a
		// database dump opens them (the answer stays a list of records, as older clients read it).
		$source = Keyring::source();
		return new WP_REST_Response( array_map( static fn ( array $item ): array => $item + array( 'key_source' => $source ), $this->secrets->listing() ) );
	}

	public function put( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$name = self::name( $request );
		if ( $name instanceof WP_Error ) {
			return $name;
		}
		$value = self::value( $request );
		if ( $value instanceof WP_Error ) {
			return $value;
		}
		try {
			$created = $this->secrets->set( $name, $value, get_current_user_id() );
		} catch ( RuntimeException $e ) {
			return new WP_Error( 'svc_secrets_unavailable', Keyring::problem() ?? $e->getMessage(), array( 'status' => 500 ) );
		}
		self::event( $name, 'set' );
		return new WP_REST_Response(
			array(
				'name'       => $name,
				'created'    => $created,
				'updated'    => time(),
				'readable'   => true,
				'key_source' => Keyring::source(),
			) + $this->purge(),
			$created ? 201 : 200
		);
	}

	public function delete( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$name = self::name( $request );
		if ( $name instanceof WP_Error ) {
			return $name;
		}
		try {
			$found = $this->secrets->delete( $name );
		} catch ( RuntimeException $e ) {
			return new WP_Error( 'svc_secrets_unavailable', $e->getMessage(), array( 'status' => 500 ) );
		}
		if ( ! $found ) {
			/* translators: %s: a secret's name */
			return new WP_Error( 'svc_secret_not_found', sprintf( __( 'No secret is named %s on this site.', 'svc' ), $name ), array( 'status' => 404 ) );
		}
		self::event( $name, 'removed' );
		return new WP_REST_Response(
			array(
				'name'    => $name,
				'deleted' => true,
			) + $this->purge()
		);
	}

	/**
	 * Purges the early cache after a change: route code may read the secret, and which code does is
	 * not known ahead. The secret is changed whatever the purge does; the answer says whether the
	 * stored answers went too (`answers_purged`, and `purge_problem` when they did not).
	 *
	 * @return array{answers_purged?: bool, purge_problem?: string}
	 */
	private function purge(): array {
		if ( null === $this->purge_answers ) {
			return array();
		}
		$problem = ( $this->purge_answers )();
		if ( null !== $problem ) {
			return array(
				'answers_purged' => false,
				'purge_problem'  => $problem,
			);
		}
		return array( 'answers_purged' => true );
	}

	private static function name( WP_REST_Request $request ): string|WP_Error {
		$name = $request->get_url_params()['name'] ?? null;
		if ( Name::valid( $name ) ) {
			return $name;
		}
		return new WP_Error(
			'svc_invalid_secret_name',
			/* translators: %s: the rule for secret names */
			sprintf( __( 'Not a secret name: %s.', 'svc' ), Name::RULE ),
			array(
				'status' => 400,
				'param'  => 'name',
			)
		);
	}

	/**
	 * The body's `value`: a JSON string of at most MAX_BYTES. Never echoed back in an error.
	 */
	private static function value( WP_REST_Request $request ): string|WP_Error {
		$body    = $request->is_json_content_type() ? $request->get_json_params() : null;
		$problem = SecretValue::problem( $request->get_query_params(), $body );
		return null === $problem ? SecretValue::value( $body ) : Errors::bad_field( 'value', $problem );
	}

	/**
	 * "secret STRIPE_KEY set by admin": who changed which name, never what to.
	 */
	private static function event( string $name, string $action ): void {
		Emit::event(
			'secret',
			array(
				'name'   => $name,
				'action' => $action,
			)
		);
	}
}
