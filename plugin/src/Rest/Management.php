<?php
/**
 * The management endpoints' namespace, and who may call them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Closure;
use Svc\Release\DeployPolicy;
use Svc\Release\Schema;
use Svc\Runtime\AuthorizationFallback;
use Svc\Runtime\Authorizer;
use Svc\Settings\RouteNamespace;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * `svc/v1`, reserved from route use. The check is the same closed one as a route's default: an administrator (`manage_options`). Returning false
 * gives WordPress's `rest_forbidden`: 401 for nobody, 403 for a logged-in user without it.
 */
final class Management {

	public const NAMESPACE = RouteNamespace::RESERVED;

	/**
	 * Whether this REST request is for a management endpoint (read from the route WordPress parsed).
	 */
	public static function requested(): bool {
		$route = '/' . trim( strtolower( (string) ( $GLOBALS['wp']->query_vars['rest_route'] ?? '' ) ), '/' );
		return '/' . self::NAMESPACE === $route || str_starts_with( $route, '/' . self::NAMESPACE . '/' );
	}

	/**
	 * A write endpoint's callback, behind what every write needs first: the site must allow deploys
	 * (DeployPolicy, the caller's network capability) and svc's tables must exist. Wrapped once here
	 * rather than repeated at the top of each callback.
	 *
	 * @param callable(WP_REST_Request): (WP_REST_Response|WP_Error) $callback
	 * @return Closure(WP_REST_Request): (WP_REST_Response|WP_Error)
	 */
	public static function writes( callable $callback ): Closure {
		return static function ( WP_REST_Request $request ) use ( $callback ): WP_REST_Response|WP_Error {
			$refusal = DeployPolicy::refusal();
			if ( null !== $refusal ) {
				return Refusals::error( $refusal );
			}
			Schema::ensure();
			return $callback( $request );
		};
	}

	/**
	 * For a caller WordPress found no user for, says why, so the CLI can tell a wrong password from
	 * a stripped header: WordPress's own verdict on an application password when there was one
	 * (its check runs after the REST API's first look at errors, so core alone would answer
	 * `rest_forbidden`), else core's `rest_forbidden` with `svc_credentials: none` when neither Authorization nor
	 * svc's header arrived.
	 *
	 * @return bool|WP_Error
	 */
	public static function check() {
		if ( current_user_can( Authorizer::DEFAULT_CAPABILITY ) ) {
			return true;
		}
		if ( is_user_logged_in() ) {
			return false;
		}
		global $wp_rest_application_password_status;
		if ( is_wp_error( $wp_rest_application_password_status ) ) {
			return new WP_Error( $wp_rest_application_password_status->get_error_code(), $wp_rest_application_password_status->get_error_message(), array( 'status' => rest_authorization_required_code() ) );
		}
		$arrived = AuthorizationFallback::arrived();
		if ( ! $arrived['authorization'] && ! ( $arrived['fallback'] && $arrived['fallback_enabled'] ) ) {
			// Core's refusal as it is, with what svc knows beside it: nothing came with the request.
			return new WP_Error(
				'rest_forbidden',
				__( 'Sorry, you are not allowed to do that.' ), // phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- core's own string, translated as core translates it.
				array(
					'status'          => rest_authorization_required_code(),
					'svc_credentials' => 'none',
				)
			);
		}
		return false;
	}
}
