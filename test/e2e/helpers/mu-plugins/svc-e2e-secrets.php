<?php
/**
 * Plugin Name: svc e2e secrets
 * Description: Lets end-to-end tests change the site's salts and SVC_SECRETS_KEY through options, as an admin editing wp-config.php would.
 */

// A new salt, as after WordPress's "log everyone out" advice: appended to the auth salts.
add_filter(
	'salt',
	static function ( $salt, $scheme = null ) {
		$suffix = get_option( 'svc_e2e_salt_suffix' );
		return ( $suffix && in_array( $scheme, array( 'auth', 'secure_auth' ), true ) ) ? $salt . $suffix : $salt;
	},
	10,
	2
);

$svc_e2e_secrets_key = get_option( 'svc_e2e_secrets_key' );
if ( is_string( $svc_e2e_secrets_key ) && '' !== $svc_e2e_secrets_key && ! defined( 'SVC_SECRETS_KEY' ) ) {
	define( 'SVC_SECRETS_KEY', $svc_e2e_secrets_key );
}
