<?php
/**
 * Who may call the management endpoints.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Runtime\Authorizer;

/**
 * The same closed check as a route's default: an administrator (`manage_options`). Returning false
 * gives WordPress's `rest_forbidden`: 401 for nobody, 403 for a logged-in user without it.
 */
final class ManagementPermission {

	public const NAMESPACE = 'svc/v1';

	public static function check(): bool {
		return current_user_can( Authorizer::DEFAULT_CAPABILITY );
	}
}
