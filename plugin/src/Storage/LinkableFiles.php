<?php
/**
 * Which files of a new tree another tree already holds byte for byte.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * A tree's files are never written after its swap, so a file another kept tree holds with exactly
 * the bytes a new tree needs can be the new tree's file too, as a second name (a hard link): a
 * rollback to a release whose tree this node still has, or a node catching up with a release that
 * changed a few of the files it serves, then creates an inode only for what differs. Creating files
 * is what a 1,000-file tree costs most (a new inode each; `npm run bench`, the rollback row), far
 * more than reading and comparing them. Only the exact bytes count: a file edited in place since its
 * release, or gone, is written from the stored contents as before.
 */
final class LinkableFiles {

	/**
	 * The slugs whose found file holds exactly the bytes the new tree is to have.
	 *
	 * @param array<string, string>       $wanted Slug => the bytes the new tree needs (guard included).
	 * @param array<string, string|false> $found  Slug => the bytes of that slug's plain file in the other
	 *                                            tree; false (or absent) where it has none.
	 * @return list<string>
	 */
	public static function same( array $wanted, array $found ): array {
		$same = array();
		foreach ( $wanted as $slug => $bytes ) {
			if ( isset( $found[ $slug ] ) && $found[ $slug ] === $bytes ) {
				$same[] = (string) $slug;
			}
		}
		return $same;
	}
}
