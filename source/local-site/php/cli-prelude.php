<?php
/**
 * Required first by the harness's command-line PHP scripts (install.php, site.php() snippets), before
 * WordPress is loaded.
 */

// WP_DEBUG_DISPLAY is off, so a fatal error would otherwise reach only the debug log: repeat it on
// stderr, where the TypeScript side puts it into the error it throws.
register_shutdown_function(
	static function (): void {
		$error = error_get_last();
		if ( null !== $error && in_array( $error['type'], array( E_ERROR, E_PARSE, E_CORE_ERROR, E_COMPILE_ERROR, E_USER_ERROR ), true ) ) {
			fwrite( STDERR, sprintf( "PHP fatal error: %s in %s on line %d\n", $error['message'], $error['file'], $error['line'] ) );
		}
	}
);

// Otherwise WordPress answers a fatal error with its HTML "critical error" page on stdout.
define( 'WP_DISABLE_FATAL_ERROR_HANDLER', true );
