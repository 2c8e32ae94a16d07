<?php
/**
 * Plugin Name:       svc
 * Description:       Deploy custom REST routes as single-file PHP classes with the svc command-line client.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            svc
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       svc
 * Domain Path:       /languages
 *
 * @package Svc
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

// The version check runs before any class is loaded, so an old PHP gets a notice instead of a parse error
// (phpversion(), not PHP_VERSION: static analysis for PHP 8.1 and later would call the check dead code).
if ( version_compare( (string) phpversion(), '8.1', '<' ) ) {
	add_action(
		'admin_notices',
		static function (): void {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'svc needs PHP 8.1 or newer; it is inactive.', 'svc' ) . '</p></div>';
		}
	);
	return;
}

// Kill switch: lets a site owner boot without any deployed route (e.g. from wp-config.php while debugging).
if ( defined( 'SVC_DISABLE' ) && SVC_DISABLE ) {
	return;
}

define( 'SVC_VERSION', '0.1.0' );
define( 'SVC_PLUGIN_FILE', __FILE__ );

require_once __DIR__ . '/src/Autoloader.php';
// Every Svc\ class has its file in src/: none is looked for on disk before it is included.
\Svc\Autoloader::register( 'Svc\\', __DIR__ . '/src', true );

register_activation_hook( __FILE__, array( \Svc\PluginSwitch::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \Svc\PluginSwitch::class, 'deactivate' ) );
// Cached answers where svc's advanced-cache.php did not serve them (WP_CACHE off, another plugin's
// drop-in): as this file loads, before the theme and the plugins after it. Once per request.
require __DIR__ . '/src/EarlyCache/entry.php';
\Svc\Plugin::instance()->set_up();
