<?php
/**
 * The management endpoints' namespace, and who may call them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Runtime\Authorizer;

/**
 * `svc/v1`, reserved from route use. The check is the same closed one as a route's default: an administrator (`manage_options`). Returning false
 * gives WordPress's `rest_forbidden`: 401 for nobody, 403 for a logged-in user without it.
 */
final class Management {

	public const NAMESPACE = 'svc/v1';

	public static function check(): bool {
		return current_user_can( Authorizer::DEFAULT_CAPABILITY );
	}
}
