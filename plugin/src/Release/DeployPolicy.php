<?php
/**
 * Whether this site lets svc change code.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Network\DeployCapability;

/**
 * A site that forbids code changes from the dashboard (`DISALLOW_FILE_MODS`, or the `file_mod_allowed`
 * filter) forbids svc's too: an upload writes PHP that runs for anyone the route lets in. A site opts
 * in with `define( 'SVC_ALLOW_DEPLOY', true )`.
 */
final class DeployPolicy {

	public static function allowed(): bool {
		if ( defined( 'SVC_ALLOW_DEPLOY' ) && true === constant( 'SVC_ALLOW_DEPLOY' ) ) {
			return true;
		}
		return wp_is_file_mod_allowed( 'svc_deploy' );
	}

	public static function reason(): string {
		return __( "This site forbids code changes (DISALLOW_FILE_MODS), so svc deploys nothing here; define( 'SVC_ALLOW_DEPLOY', true ) in wp-config.php to allow svc's pushes, removals and rollbacks.", 'svc' );
	}

	/**
	 * Why a write is refused on such a site, or to a caller who may not deploy; null when writes are allowed.
	 */
	public static function refusal(): ?Refusal {
		if ( ! self::allowed() ) {
			return Refusal::deploy_disallowed( self::reason() );
		}
		// The site allows deploys; the caller must be allowed too (on a network, a super admin).
		return DeployCapability::allowed() ? null : Refusal::deploy_forbidden( DeployCapability::reason() );
	}
}
