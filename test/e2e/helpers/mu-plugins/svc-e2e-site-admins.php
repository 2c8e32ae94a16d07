<?php
/**
 * Plugin Name: svc e2e site administrators
 * Description: Lets a network's site administrators deploy with svc while the network option svc_e2e_site_admins_deploy is set (test/e2e/multisite.test.ts).
 */

add_filter(
	'svc_site_admins_may_deploy',
	static fn ( bool $allowed ): bool => $allowed || (bool) get_site_option( 'svc_e2e_site_admins_deploy' )
);
