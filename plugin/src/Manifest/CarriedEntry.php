<?php
/**
 * When a manifest entry carries over to a build without reading its file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\Stamp;

/**
 * An entry holds for a file with the very same stamp (inode, mtime, size: the same file), unless
 * that stamp was taken in or after the second its manifest was built, when the file may have
 * changed again unseen ("racy"). The file may be at another path: every release's tree hard-links
 * the same stored files, so a new tree's unchanged files take the served tree's entries unread.
 *
 * @phpstan-import-type EntryData from Entry
 */
final class CarriedEntry {

	/**
	 * @param EntryData|null                                             $known The entry a manifest built at $built recorded for this slug.
	 * @param array{path: string, size: int, stamp: string, link?: bool} $stat  The file now.
	 * @return EntryData|null The entry at the file's path, or null when the file must be read.
	 */
	public static function of( ?array $known, array $stat, int $built ): ?array {
		if ( null === $known || '' === $stat['stamp'] || $known['stamp'] !== $stat['stamp'] || self::is_racy( $stat['stamp'], $built ) ) {
			return null;
		}
		return $known['path'] === $stat['path'] ? $known : array_merge( $known, array( 'path' => $stat['path'] ) );
	}

	/**
	 * Whether a stamp was taken in or after the second $since: the thing may change again unseen.
	 */
	public static function is_racy( string $stamp, int $since ): bool {
		return '' !== $stamp && Stamp::changed_at( $stamp ) >= $since;
	}
}
