<?php
/**
 * Whether a saved manifest still describes the route files on disk.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\Limits;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;

/**
 * A file added, removed or renamed changes its directory's stamp, so a request stats the directories
 * only; the files it is about to serve are stat'ed too, which catches in-place edits (SFTP) of those.
 * Management requests check every file. A manifest built in the same second as a change it recorded
 * ("racy", see ManifestBuilder) is rebuilt rather than trusted.
 *
 * @phpstan-import-type EntryData from Entry
 */
final class Freshness {

	/** @var array<string, string> Slug => the stamp its file was found to have in this request. */
	private array $checked = array();

	public function __construct( private readonly Paths $paths ) {
	}

	/**
	 * Not racy (see ManifestBuilder) and built under today's limits.
	 *
	 * @param array<string, mixed> $manifest
	 */
	public static function trusted( array $manifest ): bool {
		return false === ( $manifest['racy'] ?? true ) && array( Limits::file_bytes( 'api' ), Limits::total_bytes( 'api' ) ) === $manifest['limits'];
	}

	/**
	 * Trusted, and no directory changed since it was built.
	 *
	 * @param array<string, mixed> $manifest
	 */
	public function fresh( array $manifest ): bool {
		return self::trusted( $manifest ) && $this->directories_unchanged( $manifest['dirs'], array_map( 'strval', array_keys( $manifest['dirs'] ) ) );
	}

	/**
	 * No directory a route matching $path can be in changed since the (trusted) head was built.
	 *
	 * @param array<string, mixed> $head
	 */
	public function fresh_for( array $head, string $path ): bool {
		return $this->directories_unchanged( $head['dirs'], self::directories_for( $head, $path ) );
	}

	/**
	 * Whether the file still has the entry's stamp; stat'ed once per request (a request asks for the
	 * file it serves several times: to match, to authorize, to load).
	 *
	 * @param EntryData $entry
	 */
	public function unchanged( string $slug, array $entry ): bool {
		if ( ( $this->checked[ $slug ] ?? null ) === $entry['stamp'] ) {
			return true;
		}
		if ( self::stamp_of( $entry ) !== $entry['stamp'] ) {
			return false;
		}
		$this->checked[ $slug ] = $entry['stamp'];
		return true;
	}

	/**
	 * Every file still has its entry's stamp, each stat'ed now.
	 *
	 * @param array<string, EntryData> $files
	 */
	public function all_unchanged( array $files ): bool {
		foreach ( $files as $entry ) {
			if ( self::stamp_of( $entry ) !== $entry['stamp'] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Forgets the stamps this request found, e.g. after svc swapped the served tree.
	 */
	public function forget(): void {
		$this->checked = array();
	}

	/**
	 * @param array<string, string> $stamps   Relative directory => stamp, as built.
	 * @param list<string>          $relevant The directories to check.
	 */
	private function directories_unchanged( array $stamps, array $relevant ): bool {
		$api = $this->paths->served();
		if ( array() === $stamps ) {
			return ! is_dir( $api );
		}
		foreach ( $relevant as $relative ) {
			if ( RouteFiles::stamp( '' === $relative ? $api : $api . '/' . $relative ) !== $stamps[ $relative ] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The directories a route matching $path can be in (or be added to): along the path, literal
	 * segments and dynamic ones (`[id]`) alike. A file added or removed in any other directory does
	 * not change what this path matches.
	 *
	 * @param array<string, mixed> $head
	 * @return list<string>
	 */
	private static function directories_for( array $head, string $path ): array {
		$segments = explode( '/', $path );
		$level    = array( '' );
		$found    = array( '' );
		$count    = count( $segments );
		for ( $depth = 0; $depth < $count - 1; $depth++ ) {
			$next = array();
			foreach ( $level as $directory ) {
				$children   = $head['dynamic_dirs'][ $directory ] ?? array();
				$children[] = $segments[ $depth ];
				foreach ( $children as $child ) {
					$relative = '' === $directory ? $child : $directory . '/' . $child;
					if ( isset( $head['dirs'][ $relative ] ) ) {
						$next[] = $relative;
					}
				}
			}
			$found = array_merge( $found, $next );
			$level = $next;
		}
		return $found;
	}

	/**
	 * @param EntryData $entry
	 */
	private static function stamp_of( array $entry ): string {
		return empty( $entry['link'] ) ? RouteFiles::stamp( $entry['path'] ) : RouteFiles::link_stamp( $entry['path'] );
	}
}
