<?php
/**
 * Compiles one file in this request with opcache, without running it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

use ParseError;

/**
 * The I/O of InProcessRules: one call to opcache_compile_file() with the request kept as it was.
 *
 * - Every warning, notice and deprecation the compile raises is swallowed (a deprecation in a route
 *   file must not print into the push's JSON answer); a compile error cannot be, so its display is
 *   caught in an output buffer and thrown away, and its log line is kept out where the site allows
 *   `log_errors` to be changed. error_get_last() then holds the compile error itself.
 * - A compile error sets the answer's status to 500 where errors are not displayed: the status is put
 *   back. PHP also stops calling the destructors of the objects alive at that moment (it marks them
 *   destructed before its bailout); none of svc's push path relies on one, and the objects are freed
 *   at the request's end as always.
 * - On the command line (WP-CLI, with `opcache.enable_cli` on) a compile error leaves PHP's exit
 *   status at 255 until the command exits with its own.
 * - Top-level functions a file declares stay declared for the rest of this request (classes do not:
 *   opcache binds them late); the push request never loads route files after its checks.
 *
 * @phpstan-import-type Outcome from InProcessRules
 */
final class InProcessCompiler {

	/**
	 * Whether this request can compile files itself.
	 */
	public static function usable(): bool {
		return InProcessRules::usable(
			PHP_SAPI,
			function_exists( 'opcache_compile_file' ),
			array(
				'opcache.enable'                 => ini_get( 'opcache.enable' ),
				'opcache.enable_cli'             => ini_get( 'opcache.enable_cli' ),
				'opcache.file_update_protection' => ini_get( 'opcache.file_update_protection' ),
				'opcache.restrict_api'           => ini_get( 'opcache.restrict_api' ),
			)
		);
	}

	/**
	 * @return Outcome
	 */
	public static function compile( string $file ): array {
		$status = http_response_code();
		$log    = ini_get( 'log_errors' );
		ini_set( 'log_errors', '0' ); // phpcs:ignore WordPress.PHP.IniSet.log_errors_Blacklisted -- put back below; the compile error is reported to the pusher instead.
		set_error_handler( static fn (): bool => true ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler -- removed below, after one compile.
		error_clear_last();
		$compiled = null;
		$parse    = null;
		ob_start();
		try {
			$compiled = opcache_compile_file( $file );
		} catch ( ParseError $error ) {
			$parse = $error;
		} finally {
			ob_end_clean();
			restore_error_handler();
			if ( false !== $log ) {
				ini_set( 'log_errors', $log ); // phpcs:ignore WordPress.PHP.IniSet.log_errors_Blacklisted -- the site's own value, as it was.
			}
		}
		$last = error_get_last();
		error_clear_last();
		if ( is_int( $status ) && http_response_code() !== $status ) {
			http_response_code( $status );
		}
		// Compiled as too new to keep, always, where the file was written this second on this machine's
		// clock; a file system with another clock could let opcache keep it: its room is given back.
		if ( true === $compiled && function_exists( 'opcache_is_script_cached' ) && opcache_is_script_cached( $file ) ) {
			opcache_invalidate( $file, true );
		}
		return InProcessRules::outcome( $compiled, $parse, $last );
	}
}
