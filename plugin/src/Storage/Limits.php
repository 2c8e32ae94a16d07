<?php
/**
 * Size limits and the filters that adjust them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * The one place the limits of docs/rules.md and their filters live.
 */
final class Limits {

	public const FILE_BYTES  = 524288;  // 512 KB.
	public const TOTAL_BYTES = 8388608; // 8 MB.

	/**
	 * Staged contents no release uses yet. A push stages only its new and changed files, so a push
	 * of a site of thousands of route files fits; bytes alone would let tiny contents pile up in rows.
	 */
	public const STAGED_CONTENTS = 10000;

	/**
	 * Byte limit of one file in a subdirectory of `wp-content/svc/` (`api` for route files).
	 */
	public static function file_bytes( string $subdir = 'api' ): int {
		/**
		 * Filters the maximum size of one file svc accepts and loads.
		 *
		 * @param int    $bytes  The limit in bytes; 512 KB by default.
		 * @param string $subdir The directory under wp-content/svc/, `api` for route files.
		 */
		return max( 0, (int) apply_filters( 'svc_max_file_bytes', self::FILE_BYTES, $subdir ) );
	}

	/**
	 * Byte limit of the whole `api/` directory.
	 */
	public static function total_bytes( string $subdir = 'api' ): int {
		/**
		 * Filters the maximum total size of the route files.
		 *
		 * @param int    $bytes  The limit in bytes; 8 MB by default.
		 * @param string $subdir The directory under wp-content/svc/.
		 */
		return max( 0, (int) apply_filters( 'svc_max_files_total_bytes', self::TOTAL_BYTES, $subdir ) );
	}

	/**
	 * How many contents no release uses yet may be staged at once (the stage cap counts these rows
	 * as well as their bytes, which total_bytes() caps).
	 */
	public static function staged_contents(): int {
		/**
		 * Filters how many staged contents that no release uses yet the site holds at most.
		 *
		 * @param int $count The limit; 10,000 by default.
		 */
		return max( 1, (int) apply_filters( 'svc_max_staged_contents', self::STAGED_CONTENTS ) );
	}
}
