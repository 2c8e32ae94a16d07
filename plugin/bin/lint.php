<?php
/**
 * Compiles PHP files without running them and reports each one's first error; run by svc's
 * SyntaxChecker in a child `php` process, never over HTTP.
 *
 * Compiling through opcache catches what `php -l` catches (parse and compile errors), in one
 * process for a whole batch instead of one process per file.
 *
 * Output: `LINT` (the caller's proof that a PHP command line ran this script), then one line per
 * file, `OK <index>` or `ERR <index> <message>`; `NOOPCACHE` when it cannot work.
 *
 * @package Svc
 */

declare(strict_types=1);

if ( 'cli' !== PHP_SAPI ) {
	exit;
}

echo "LINT\n";

if ( ! function_exists( 'opcache_compile_file' ) || ! ini_get( 'opcache.enable_cli' ) ) {
	echo "NOOPCACHE\n";
	exit( 0 );
}

ini_set( 'display_errors', 'stdout' );
ini_set( 'html_errors', '0' );
ini_set( 'log_errors', '0' );
error_reporting( E_ALL & ~E_DEPRECATED & ~E_NOTICE & ~E_WARNING );

foreach ( array_slice( $argv, 1 ) as $index => $file ) {
	ob_start();
	try {
		opcache_compile_file( $file );
		$output = (string) ob_get_clean();
	} catch ( ParseError $error ) {
		ob_end_clean();
		$output = sprintf( "Parse error: %s in %s on line %d\n", $error->getMessage(), $file, $error->getLine() );
	}
	if ( preg_match( '/(?:Parse|Fatal) error: .*/', $output, $match ) ) {
		echo 'ERR ', $index, ' ', str_replace( "\n", ' ', trim( $match[0] ) ), "\n";
	} else {
		echo 'OK ', $index, "\n";
	}
}
