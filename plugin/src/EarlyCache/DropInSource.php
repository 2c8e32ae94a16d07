<?php
/**
 * The text of svc's advanced-cache.php.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * WordPress includes the drop-in before it defines the plugin directory's constants, so the file
 * names svc's early entry script by its absolute path, written in as a PHP literal (var_export: a
 * path with a quote cannot end the string). The file does nothing when that script is gone (svc
 * deleted without its uninstaller): a drop-in that fails would take the whole site down.
 */
final class DropInSource {

	/**
	 * @param string $rest_prefix WordPress's REST prefix when the drop-in is written (`wp-json`):
	 *                            before plugins load, the entry script cannot ask for it.
	 */
	public static function render( string $entry_script, string $rest_prefix = 'wp-json' ): string {
		return "<?php\n"
			. "/**\n"
			. ' * ' . EntryPoint::MARKER . " (written by the svc plugin; it removes this file when deactivated).\n"
			. " * Answers svc's cached public GET routes before WordPress loads plugins; see svc's README.\n"
			. " */\n"
			. "defined( 'ABSPATH' ) || exit;\n"
			. "defined( 'SVC_EARLY_CACHE_REST_PREFIX' ) || define( 'SVC_EARLY_CACHE_REST_PREFIX', " . var_export( $rest_prefix, true ) . " );\n" // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- a PHP literal, written to a file.
			. '$svc_early_entry = ' . var_export( $entry_script, true ) . ";\n" // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- a PHP literal, written to a file.
			. "if ( is_file( \$svc_early_entry ) ) {\n"
			. "\trequire \$svc_early_entry;\n"
			. "}\n"
			. "unset( \$svc_early_entry );\n";
	}
}
