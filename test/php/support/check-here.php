<?php
/**
 * Runs SyntaxChecker::check() on the sources given as JSON on stdin and prints, as JSON, its answer
 * and the paths opcache kept meanwhile: for InProcessCompileTest, which starts this file in a PHP
 * with the ini settings under test (opcache on or off, proc_open disabled or not).
 */

declare(strict_types=1);

require dirname( __DIR__ ) . '/bootstrap.php';

$svc_sources = json_decode( (string) file_get_contents( 'php://stdin' ), true );
$svc_errors  = ( new \Svc\Validation\SyntaxChecker() )->check( is_array( $svc_sources ) ? $svc_sources : array() );
$svc_status  = function_exists( 'opcache_get_status' ) ? opcache_get_status( true ) : false;
$svc_kept    = is_array( $svc_status ) ? array_keys( $svc_status['scripts'] ?? array() ) : array();
echo json_encode(
	array(
		'errors' => $svc_errors,
		'kept'   => array_values( array_filter( $svc_kept, static fn ( string $path ): bool => str_contains( $path, 'svc-lint-' ) ) ),
	)
);
// A compile error caught by opcache still leaves PHP's exit status at 255 (a web request has none):
// this script's answer is its JSON.
exit( 0 );
