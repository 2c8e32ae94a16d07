<?php
/**
 * A multisite test network, made of a site svc's install.php installed (test/support/wordpress.ts), in
 * two steps, as `wp core multisite-convert` and the network's first request make it:
 *
 * - "convert" (wp-config.php does not say MULTISITE yet): the network's tables and the network itself,
 *   the installed site its main site and the administrator its super admin;
 * - "finish" (wp-config.php now says MULTISITE): network-activates svc, adds a second site at /site2/
 *   with pretty permalinks, and a user who is an administrator of that site only, with an
 *   application password.
 *
 * Usage: php network.php '<json: {"step": "convert", "prelude", "wpDir", "domain"}>'
 *        php network.php '<json: {"step": "finish", "prelude", "wpDir", "activatePlugin", "siteAdmin": {"login","password","email"}}>'
 * "finish" prints one line "SVC_INSTALL_RESULT <json>": {"sites": [{"id","url"}], "siteAdmin": {"id","appPassword"}}.
 */

declare(strict_types=1);

const SVC_RESULT_MARKER = 'SVC_INSTALL_RESULT ';

function svc_network_fail( string $message ): never {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}

$svc_config = json_decode( $argv[1] ?? '', true, 16, JSON_THROW_ON_ERROR );

require $svc_config['prelude'];

if ( 'convert' === $svc_config['step'] ) {
	define( 'WP_INSTALLING', true );
	require $svc_config['wpDir'] . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	global $wpdb;
	// As WP-CLI's multisite-convert: a single site's wpdb knows no network tables until told.
	foreach ( $wpdb->tables( 'ms_global' ) as $svc_table => $svc_prefixed ) {
		$wpdb->$svc_table = $svc_prefixed;
	}
	install_network();
	$svc_network = populate_network( 1, $svc_config['domain'], (string) get_option( 'admin_email' ), 'svc network', '/', false );
	if ( is_wp_error( $svc_network ) && 'no_wildcard_dns' !== $svc_network->get_error_code() ) {
		svc_network_fail( 'Making the network failed: ' . $svc_network->get_error_message() );
	}
	exit( 0 );
}

require $svc_config['wpDir'] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ( ! is_multisite() ) {
	svc_network_fail( 'network.php: WordPress is not a network (wp-config.php lacks MULTISITE?)' );
}

if ( $svc_config['activatePlugin'] ) {
	$svc_activation = activate_plugin( 'svc/svc.php', '', true );
	if ( is_wp_error( $svc_activation ) ) {
		svc_network_fail( 'Network-activating svc/svc.php failed: ' . $svc_activation->get_error_message() );
	}
}

// The harness's mu-plugin (test/support/mu-plugins/svc-test-network.php) knows how to add a site to a network with a port.
try {
	$svc_site2 = svc_test_add_site( '/site2/', 'svc site 2' );
} catch ( RuntimeException $svc_error ) {
	svc_network_fail( $svc_error->getMessage() );
}

// wpmu_create_user() gives the user no role anywhere; then administrator of site 2 only.
$svc_spec = $svc_config['siteAdmin'];
$svc_user = wpmu_create_user( $svc_spec['login'], $svc_spec['password'], $svc_spec['email'] );
if ( false === $svc_user ) {
	svc_network_fail( "Creating user {$svc_spec['login']} failed" );
}
$svc_added = add_user_to_blog( $svc_site2, $svc_user, 'administrator' );
if ( is_wp_error( $svc_added ) ) {
	svc_network_fail( 'Making the site administrator failed: ' . $svc_added->get_error_message() );
}
$svc_app = WP_Application_Passwords::create_new_application_password( $svc_user, array( 'name' => 'svc-bench' ) );
if ( is_wp_error( $svc_app ) ) {
	svc_network_fail( 'Creating the site administrator\'s application password failed: ' . $svc_app->get_error_message() );
}

$svc_sites = array();
foreach ( get_sites( array( 'number' => 0 ) ) as $svc_site ) {
	$svc_sites[] = array(
		'id'  => (int) $svc_site->blog_id,
		'url' => untrailingslashit( get_home_url( (int) $svc_site->blog_id ) ),
	);
}
echo "\n" . SVC_RESULT_MARKER . wp_json_encode(
	array(
		'sites'     => $svc_sites,
		'siteAdmin' => array(
			'id'          => $svc_user,
			'appPassword' => $svc_app[0],
		),
	)
) . "\n";
