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
 * the site's own tree), files over the size limit, anything that is not a .php file, and a .php
 * name that is no regular file (a FIFO, device or socket would block or never end a read).
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
			$content = self::read_regular( (string) $path, $relative, $limit );
			if ( $content instanceof WP_Error ) {
				$problems[] = $content->get_error_message();
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

	/**
	 * One file's content, or why it is refused. The file is opened without blocking ('n': O_NONBLOCK, so
	 * a FIFO swapped in after the listing cannot hang the command), then its type and size are taken
	 * from the open handle, and the read is bounded by the limit whatever the file claims.
	 */
	private static function read_regular( string $path, string $relative, int $limit ): string|WP_Error {
		$handle = @fopen( $path, 'rbn' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- a refused open is reported below, by name.
		if ( false === $handle ) {
			/* translators: %s: a file */
			return new WP_Error( 'svc_unreadable', sprintf( __( '%s cannot be read.', 'svc' ), $relative ) );
		}
		try {
			$stat = fstat( $handle );
			if ( false === $stat || 0100000 !== ( $stat['mode'] & 0170000 ) ) {
				/* translators: %s: a path */
				return new WP_Error( 'svc_not_regular', sprintf( __( '%s is not a regular file (a FIFO, device or socket); only regular files are read.', 'svc' ), $relative ) );
			}
			if ( $stat['size'] > $limit ) {
				/* translators: 1: a file, 2: its size, 3: the limit */
				return new WP_Error( 'svc_too_large', sprintf( __( '%1$s is %2$s, over the limit of %3$s for one route file.', 'svc' ), $relative, size_format( $stat['size'] ), size_format( $limit ) ) );
			}
			$content = stream_get_contents( $handle, $limit + 1 );
			if ( false === $content ) {
				/* translators: %s: a file */
				return new WP_Error( 'svc_unreadable', sprintf( __( '%s cannot be read.', 'svc' ), $relative ) );
			}
			if ( strlen( $content ) > $limit ) {
				/* translators: 1: a file, 2: its size, 3: the limit */
				return new WP_Error( 'svc_too_large', sprintf( __( '%1$s is %2$s, over the limit of %3$s for one route file.', 'svc' ), $relative, size_format( strlen( $content ) ), size_format( $limit ) ) );
			}
			return $content;
		} finally {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- the handle opened above.
		}
	}
}
