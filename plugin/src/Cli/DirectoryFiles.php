<?php
/**
 * The route files of a directory on the server, for `wp svc push`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Routing\Slug;
use Svc\Storage\Limits;
use WP_Error;

/**
 * Reads a project's api/ laid out on this server into slug => content, refusing what a push would
 * refuse before anything is read in full: names that are no route, links (never followed, as in
 * the site's own tree), files over the size limit, and anything that is not a .php file.
 */
final class DirectoryFiles {

	/**
	 * @return array<string, string>|WP_Error Slug => content, sorted by slug.
	 */
	public static function read( string $dir ): array|WP_Error {
		$root = '' === $dir ? false : realpath( $dir );
		if ( false === $root || ! is_dir( $root ) ) {
			/* translators: %s: a directory */
			return new WP_Error( 'svc_no_directory', sprintf( __( '%s is not a directory.', 'svc' ), $dir ) );
		}
		$limit    = Limits::file_bytes( 'api' );
		$files    = array();
		$problems = array();
		$iterator = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $iterator as $path => $info ) {
			/** @var \SplFileInfo $info */
			$relative = substr( (string) $path, strlen( $root ) + 1 );
			if ( $info->isLink() ) {
				/* translators: %s: a path */
				$problems[] = sprintf( __( '%s is a link; links are never followed.', 'svc' ), $relative );
				continue;
			}
			if ( ! str_ends_with( $relative, '.php' ) ) {
				continue;
			}
			$slug    = substr( $relative, 0, -4 );
			$problem = Slug::problem( $slug );
			if ( null !== $problem ) {
				$problems[] = $relative . ': ' . $problem;
				continue;
			}
			if ( $info->getSize() > $limit ) {
				/* translators: 1: a file, 2: its size, 3: the limit */
				$problems[] = sprintf( __( '%1$s is %2$s, over the limit of %3$s for one route file.', 'svc' ), $relative, size_format( $info->getSize() ), size_format( $limit ) );
				continue;
			}
			$content = file_get_contents( (string) $path );
			if ( false === $content ) {
				/* translators: %s: a file */
				$problems[] = sprintf( __( '%s cannot be read.', 'svc' ), $relative );
				continue;
			}
			$files[ $slug ] = $content;
		}
		if ( array() !== $problems ) {
			/* translators: %s: one line per problem */
			return new WP_Error( 'svc_bad_directory', sprintf( __( "Nothing was deployed:\n%s", 'svc' ), '  ' . implode( "\n  ", $problems ) ) );
		}
		if ( array() === $files ) {
			/* translators: %s: a directory */
			return new WP_Error( 'svc_no_route_files', sprintf( __( '%s holds no route files (*.php).', 'svc' ), $dir ) );
		}
		ksort( $files, SORT_STRING );
		return $files;
	}
}
