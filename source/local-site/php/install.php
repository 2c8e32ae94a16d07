<?php
/**
 * Installs WordPress into an empty database in one PHP process (one WordPress boot keeps start-up
 * fast), activates the svc plugin when asked and creates the users it is given (the first
 * administrator installs WordPress), each with an application password.
 *
 * Usage: php install.php '<json: {"wpDir", "activatePlugin", "users": [{"login","password","email","role"}]}>'
 * Prints one line "SVC_INSTALL_RESULT <json>" with the user ids and application passwords.
 */

declare(strict_types=1);

const SVC_RESULT_MARKER = 'SVC_INSTALL_RESULT ';

/** Exits with a message on stderr; the TypeScript side shows it in the thrown error. */
function svc_install_fail( string $message ): never {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}

require __DIR__ . '/cli-prelude.php';

$svc_config = json_decode( $argv[1] ?? '', true, 16, JSON_THROW_ON_ERROR );

define( 'WP_INSTALLING', true );
require $svc_config['wpDir'] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

// The harness's wp-config.php points at its MariaDB; a build that brought its own database layer (a
// db.php drop-in such as the SQLite integration's) would silently install somewhere else.
global $wpdb;
if ( 'wpdb' !== get_class( $wpdb ) || false === stripos( (string) $wpdb->db_server_info(), 'mariadb' ) ) {
	svc_install_fail( sprintf( 'install.php: WordPress is not using the MariaDB server (wpdb class %s, server %s)', get_class( $wpdb ), (string) $wpdb->db_server_info() ) );
}

$svc_admin = null;
foreach ( $svc_config['users'] as $svc_user ) {
	if ( 'administrator' === $svc_user['role'] ) {
		$svc_admin = $svc_user;
	}
}
if ( null === $svc_admin ) {
	svc_install_fail( 'install.php: no administrator in the users list' );
}

$svc_installed = wp_install( 'svc bench', $svc_admin['login'], $svc_admin['email'], true, '', $svc_admin['password'] );

// Pretty permalinks, so the REST API lives at /wp-json/ as on a typical site. A soft flush: there
// is no Apache here, so no .htaccess to write.
global $wp_rewrite;
$wp_rewrite->set_permalink_structure( '/%postname%/' );
// Avatars come from gravatar.com: a throwaway site talks to 127.0.0.1 only.
update_option( 'show_avatars', '0' );
flush_rewrite_rules( false );

if ( $svc_config['activatePlugin'] ) {
	$svc_activation = activate_plugin( 'svc/svc.php' );
	if ( is_wp_error( $svc_activation ) ) {
		$svc_data = $svc_activation->get_error_data();
		svc_install_fail(
			sprintf(
				'Activating svc/svc.php failed: %s (%s)%s',
				$svc_activation->get_error_message(),
				$svc_activation->get_error_code(),
				is_string( $svc_data ) && '' !== $svc_data ? "\n" . $svc_data : ''
			)
		);
	}
}

$svc_result = array();
foreach ( $svc_config['users'] as $svc_user ) {
	$svc_id = 'administrator' === $svc_user['role']
		? (int) $svc_installed['user_id']
		: wp_insert_user(
			array(
				'user_login' => $svc_user['login'],
				'user_pass'  => $svc_user['password'],
				'user_email' => $svc_user['email'],
				'role'       => $svc_user['role'],
			)
		);
	if ( is_wp_error( $svc_id ) ) {
		svc_install_fail( "Creating user {$svc_user['login']} failed: " . $svc_id->get_error_message() );
	}
	$svc_app = WP_Application_Passwords::create_new_application_password( $svc_id, array( 'name' => 'svc-bench' ) );
	if ( is_wp_error( $svc_app ) ) {
		svc_install_fail( "Creating an application password for {$svc_user['login']} failed: " . $svc_app->get_error_message() );
	}
	$svc_result[ $svc_user['login'] ] = array(
		'id'          => $svc_id,
		'appPassword' => $svc_app[0],
	);
}

echo "\n" . SVC_RESULT_MARKER . wp_json_encode( array( 'users' => $svc_result ) ) . "\n";
