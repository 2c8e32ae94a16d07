<?php
/**
 * Who may deploy route files.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Network;

/**
 * `svc_deploy`, a meta capability: on a single site it is `manage_options` (an administrator), as
 * it always was. On a multisite network a deployed route file is PHP that runs in the network's one
 * PHP process, with the database credentials of every site, so deploying is what WordPress keeps
 * for super admins there (installing or editing plugins): it maps to `manage_network_options`. A
 * site administrator still manages svc on their own site (listing, releases, events, the namespace,
 * the admin page) but deploys only where the network allows it: the constant
 * `SVC_SITE_ADMINS_MAY_DEPLOY`, or the filter `svc_site_admins_may_deploy`.
 */
final class DeployCapability {

	public const CAPABILITY = 'svc_deploy';

	public function set_up(): void {
		add_filter( 'map_meta_cap', array( self::class, 'map' ), 10, 2 );
	}

	/**
	 * @internal Filter callback for `map_meta_cap`.
	 *
	 * @param mixed  $caps The primitive capabilities so far.
	 * @param string $cap  The capability asked for.
	 * @return mixed
	 */
	public static function map( mixed $caps, string $cap ): mixed {
		if ( self::CAPABILITY !== $cap ) {
			return $caps;
		}
		return array( is_multisite() && ! self::site_admins_may_deploy() ? 'manage_network_options' : 'manage_options' );
	}

	public static function site_admins_may_deploy(): bool {
		$allowed = defined( 'SVC_SITE_ADMINS_MAY_DEPLOY' ) && true === constant( 'SVC_SITE_ADMINS_MAY_DEPLOY' );
		/**
		 * Filters whether the administrators of a network's sites may deploy route files to their
		 * own site (PHP that runs with access to the whole network). Default: the constant
		 * SVC_SITE_ADMINS_MAY_DEPLOY, else false (super admins only). Not asked on a single site.
		 *
		 * @param bool $allowed
		 * @param int  $blog_id The site deployed to.
		 */
		return true === apply_filters( 'svc_site_admins_may_deploy', $allowed, get_current_blog_id() );
	}

	/**
	 * Whether the current user may deploy here; for the answers that say so (`GET status`, the admin page).
	 */
	public static function allowed(): bool {
		return current_user_can( self::CAPABILITY );
	}

	public static function reason(): string {
		if ( ! is_multisite() ) {
			return __( 'Sorry, you are not allowed to deploy route files on this site.', 'svc' );
		}
		return __( 'On this multisite network only super admins deploy route files (a route file is PHP that runs for the whole network); a site administrator deploys only where the network defines SVC_SITE_ADMINS_MAY_DEPLOY or allows it with the svc_site_admins_may_deploy filter.', 'svc' );
	}

}
