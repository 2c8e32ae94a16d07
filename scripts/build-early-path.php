<?php
/**
 * Writes plugin/early-path.php: the early cache's classes a cached route's request loads before
 * WordPress boots (Svc\EarlyCache\EarlyPath::CLASSES), in one file, laid out as build-hot-path.php
 * lays out plugin/hot-path.php. `php scripts/build-early-path.php` after editing one of them;
 * test/php/unit/EarlyPathTest.php fails while the file differs from what this writes.
 */

declare(strict_types=1);

require_once __DIR__ . '/build-hot-path.php';
/** The script named in early-path.php's header. */
const SVC_EARLY_PATH_SCRIPT = 'scripts/build-early-path.php';

if ( ! class_exists( 'Svc\\EarlyCache\\EarlyPath', false ) ) {
	require_once dirname( __DIR__ ) . '/plugin/src/EarlyCache/EarlyPath.php';
}

if ( PHP_SAPI === 'cli' && isset( $argv[0] ) && realpath( $argv[0] ) === __FILE__ ) {
	$plugin = dirname( __DIR__ ) . '/plugin';
	file_put_contents( $plugin . '/early-path.php', svc_hot_path_source( $plugin . '/src', \Svc\EarlyCache\EarlyPath::CLASSES, SVC_EARLY_PATH_SCRIPT ) );
}
