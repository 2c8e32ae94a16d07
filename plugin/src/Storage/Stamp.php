<?php
/**
 * What a route file's or directory's stat says about whether it changed.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * A file's stamp is its mtime, inode and size: replacing a file changes its inode, editing it in
 * place its mtime (and mostly its size). The ctime is left out on purpose: every release's tree
 * hard-links the same stored files (Trees), and each link() changes the ctime of the one inode all
 * trees share. With the ctime in it, a push changed the stamp of every file of the served tree too,
 * so the next management request checked all of them again by reading them (80 to 250 ms of the
 * site's CPU per request on a 1,000-file site) and the new tree's manifest was always "racy". What
 * is given up: an in-place edit that keeps the size and sets the mtime back to its old value.
 *
 * A symbolic link's stamp is its own lstat (never what it points to), marked `link:`.
 */
final class Stamp {

	/**
	 * @param array<int|string, int>|false $stat What stat() gave; false when the path is gone.
	 */
	public static function of_file( array|false $stat ): string {
		return false === $stat ? '' : $stat['mtime'] . ':' . $stat['ino'] . ':' . $stat['size'];
	}

	/**
	 * @param array<int|string, int>|false $lstat What lstat() gave; false when the link is gone.
	 */
	public static function of_link( array|false $lstat ): string {
		return false === $lstat ? '' : 'link:' . $lstat['mtime'] . ':' . $lstat['ctime'] . ':' . $lstat['ino'];
	}

	/**
	 * The latest time a stamp records (0 for none): a change in that second may have been missed.
	 */
	public static function changed_at( string $stamp ): int {
		if ( '' === $stamp ) {
			return 0;
		}
		$parts = explode( ':', $stamp );
		return 'link' === $parts[0] ? max( (int) ( $parts[1] ?? 0 ), (int) ( $parts[2] ?? 0 ) ) : (int) $parts[0];
	}
}
