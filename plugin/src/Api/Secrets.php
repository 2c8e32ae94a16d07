<?php
/**
 * What route code calls to read a secret.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api;

use Svc\Secrets\SecretStore;

/**
 * `\Svc\Api\Secrets::get('STRIPE_KEY')` in a route file: the value set with `svc secrets set`, or
 * null when it is not set or can no longer be read (the site's key or salts changed). Read from the
 * database on each request that asks, so a change reaches every web node on its next request.
 */
final class Secrets {

	public static function get( string $name ): ?string {
		return SecretStore::for_site()->get( $name );
	}
}
