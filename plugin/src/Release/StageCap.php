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
use WP_Error;

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
	public static function refusal( BlobStore $store, array $adding ): ?WP_Error {
		$staged = $store->staged();
		$bytes  = array_sum( array_map( 'strlen', $adding ) );
		$limit  = Limits::total_bytes( 'api' );
		if ( $staged['bytes'] + $bytes > $limit ) {
			return self::full( Reasons::stage_full( $staged['bytes'], $bytes, $limit ), 'bytes', $limit );
		}
		$rows  = count( $adding );
		$limit = Limits::staged_contents();
		if ( $staged['contents'] + $rows > $limit ) {
			return self::full( Reasons::stage_too_many( $staged['contents'], $rows, $limit ), 'contents', $limit );
		}
		return null;
	}

	/**
	 * @param string $limit_kind `bytes` or `contents`: which of the two limits was reached.
	 */
	private static function full( string $message, string $limit_kind, int $limit ): WP_Error {
		return new WP_Error(
			'svc_stage_full',
			$message,
			array(
				'status' => 413,
				'limit'  => $limit_kind,
				'max'    => $limit,
			)
		);
	}
}
