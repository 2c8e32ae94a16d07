<?php
/**
 * Which stored contents' `released` mark a write must change.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * A content is marked `released` while a kept release uses it (BlobStore). A write changes few of
 * those marks: the contents its release brought, and those of the release it pruned. Clearing every
 * mark and setting the kept ones again rewrote every row of the store, a 1,000-file release's
 * contents twice over, on every push and rollback; only the marks that differ are written now.
 */
final class ReleasedMarks {

	/**
	 * @param list<string>        $marked     The hashes marked released now.
	 * @param array<string, true> $referenced The hashes kept releases use.
	 * @return array{mark: list<string>, unmark: list<string>}
	 */
	public static function changes( array $marked, array $referenced ): array {
		$now = array_fill_keys( $marked, true );
		return array(
			'mark'   => array_map( 'strval', array_keys( array_diff_key( $referenced, $now ) ) ),
			'unmark' => array_map( 'strval', array_keys( array_diff_key( $now, $referenced ) ) ),
		);
	}
}
