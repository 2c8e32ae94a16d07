<?php
/**
 * Test only (test/e2e/deploy-faults-stack.test.ts): holds a deploy's PHP worker at a known point so
 * that the test can act from outside (SIGKILL the worker, fill the disk) while it waits there.
 *
 * A point is armed by a file `arm-<point>` in ABSPATH/.svc-hold/; the first request to reach the
 * point claims it (a rename: one request only), writes its pid to `held-<point>` and waits until
 * `go-<point>` exists (at most two minutes), then goes on. Points:
 *
 * - `commit`: the database's COMMIT of a release (wpdb's `query` filter), before the atomic step;
 * - `recorded`: `svc_release_recorded`, after it, before this node serves the new tree.
 *
 * A file `crash-recorded` makes the next request to reach `recorded` end in a PHP fatal error
 * there instead (claimed the same way): PHP failing after the commit, as a broken listener would.
 *
 * @package Svc
 */

declare(strict_types=1);

/**
 * Waits at $point when it is armed.
 */
function svc_e2e_hold( string $point ): void {
	$dir = ABSPATH . '.svc-hold';
	if ( ! is_dir( $dir ) || ! @rename( "{$dir}/arm-{$point}", "{$dir}/claimed-{$point}" ) ) { // phpcs:ignore
		return;
	}
	file_put_contents( "{$dir}/held-{$point}", (string) getmypid() ); // phpcs:ignore
	$until = microtime( true ) + 120;
	while ( ! file_exists( "{$dir}/go-{$point}" ) && microtime( true ) < $until ) {
		usleep( 20000 );
		clearstatcache();
	}
}

add_filter(
	'query',
	static function ( $query ) {
		if ( is_string( $query ) && 'COMMIT' === trim( $query ) && str_contains( (string) ( $_SERVER['REQUEST_URI'] ?? '' ), 'svc/v1/api-' ) ) { // phpcs:ignore
			svc_e2e_hold( 'commit' );
		}
		return $query;
	}
);

add_action(
	'svc_release_recorded',
	static function (): void {
		$dir = ABSPATH . '.svc-hold';
		if ( is_dir( $dir ) && @rename( "{$dir}/crash-recorded", "{$dir}/crashed-recorded" ) ) { // phpcs:ignore
			throw new Error( 'svc-e2e-hold: a fatal error once the release is recorded' );
		}
		svc_e2e_hold( 'recorded' );
	}
);
