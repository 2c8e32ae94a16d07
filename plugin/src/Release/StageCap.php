<?php
/**
 * The cap on staged contents that no release uses yet.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Storage\Limits;
use Svc\Validation\Reasons;

/**
 * Staging is the one write that needs no valid route file, so it is what could fill the database:
 * the contents pushes await are capped by the total size limit in bytes and by
 * Limits::staged_contents() in rows (a flood of tiny contents costs rows, not bytes).
 */
final class StageCap {

	/**
	 * Why staging $adding (hash => bytes, the contents the store lacks) is refused; null when it fits.
	 *
	 * @param array<string, string> $adding
	 */
	public static function refusal( BlobStore $store, array $adding ): ?Refusal {
		$staged = $store->staged();
		$bytes  = array_sum( array_map( 'strlen', $adding ) );
		$limit  = Limits::total_bytes( 'api' );
		if ( $staged['bytes'] + $bytes > $limit ) {
			return Refusal::stage_full( Reasons::stage_full( $staged['bytes'], $bytes, $limit ), 'bytes', $limit );
		}
		$rows  = count( $adding );
		$limit = Limits::staged_contents();
		if ( $staged['contents'] + $rows > $limit ) {
			return Refusal::stage_full( Reasons::stage_too_many( $staged['contents'], $rows, $limit ), 'contents', $limit );
		}
		return null;
	}
}
