<?php
/**
 * Turns the files on disk into the manifest.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Contracts\RouteContract;
use Svc\Routing\Slug;
use Svc\Scanning\ScanResult;
use Svc\Scanning\TokenScanner;
use Svc\Storage\Guard;
use Svc\Storage\Limits;
use Svc\Storage\RouteFiles;
use Svc\Support\Log;
use Svc\Validation\Reasons;
use Svc\Validation\RouteRules;

/**
 * Scans only files whose stamp changed since the previous manifest; the rest are carried over, so a
 * rebuild after one push of one file reads one file.
 *
 * Stamps have a one-second resolution, so a file or directory changed in the second the manifest was
 * built may change again without its stamp changing. Such a "racy" manifest is never trusted as is
 * (ManifestStore rebuilds it) and a racy entry is scanned again instead of carried over, until a build
 * happens in a later second.
 *
 * @phpstan-import-type EntryData from Entry
 * @phpstan-import-type Manifest from ManifestStore
 */
final class ManifestBuilder {

	private readonly ScanGuard $guard;

	public function __construct( private readonly RouteFiles $files ) {
		$this->guard = new ScanGuard( $files->paths()->cache() . '/scans' );
	}

	/**
	 * @param Manifest|null $previous The manifest being replaced, if any.
	 * @param Manifest|null $like     Another tree's, whose entries a file with the very same bytes at
	 *                                the same slug takes instead of being scanned (ManifestStore::prime()).
	 * @return Manifest
	 */
	public function build( ?array $previous, ?array $like = null ): array {
		// Taken before anything is read: whatever changes from this second on may be missed by this scan.
		$built     = time();
		$since     = (int) ( $previous['built'] ?? PHP_INT_MAX );
		$inventory = $this->files->inventory();
		$limits    = array( Limits::file_bytes( 'api' ), Limits::total_bytes( 'api' ) );
		// New limits change which files are over them: every file is scanned again then.
		$same_limits = ( $previous['limits'] ?? null ) === $limits;
		$before      = $previous['files'] ?? array();
		$alike       = null !== $like && $like['limits'] === $limits ? $like['files'] : array();
		$like_built  = (int) ( $like['built'] ?? PHP_INT_MAX );
		$entries     = array();
		$total       = 0;

		foreach ( $inventory['files'] as $slug => $stat ) {
			$slug   = (string) $slug;
			$total += $stat['size'];
			$known  = $before[ $slug ] ?? null;
			$same   = null !== $known && $known['stamp'] === $stat['stamp'];
			$entry  = $same_limits ? CarriedEntry::of( $known, $stat, $since ) : null;
			if ( null === $entry && isset( $alike[ $slug ] ) ) {
				// The same stored file, hard-linked into a new release's tree.
				$entry = CarriedEntry::of( $alike[ $slug ], $stat, $like_built );
			}
			if ( null === $entry ) {
				// A racy or changed stamp: when the bytes are the very ones scanned and booted, what
				// the scan and the last boot said still holds.
				$entry = null !== $known && $same_limits ? self::copy_of( $known, $stat ) : null;
				if ( null === $entry && isset( $alike[ $slug ] ) ) {
					$entry = self::copy_of( $alike[ $slug ], $stat );
				}
				if ( null === $entry ) {
					if ( null !== $known && $known['path'] === $stat['path'] ) {
						// Edited in place (SFTP): opcache may run with validate_timestamps=0 and never look.
						self::forget_compiled( $stat['path'] );
					}
					$entry = $this->scan( $slug, $stat, $limits[0] );
					if ( $same && $known['hash'] === $entry['hash'] ) {
						// The very bytes that were booted (rescanned for new limits): their last boot still holds.
						$entry['boot']   = $known['boot'];
						$entry['booted'] = $known['booted'];
					}
				}
			}

			// Order-dependent checks run on every build: they involve other files, which may have changed.
			$entry['error'] = $entry['scan_error'] ?? null;
			if ( null === $entry['error'] && $total > $limits[1] ) {
				// Worded as at push: served with the files before it, this one would take the directory past the limit.
				$entry['error'] = Reasons::total_too_large( $total, $limits[1] );
			}
			$entries[ $slug ] = $entry;
		}

		// A class-like name, a function name or a route belongs to the file that already had it: a file
		// added later that declares the same class or function, or serves the same route, is the one
		// skipped, whatever its name. (Declaring either twice is a fatal error PHP cannot catch, and
		// the listing loads many route files in one request.)
		$owners      = array();
		$shape_owner = array();
		$order       = array_keys( $entries );
		usort(
			$order,
			static function ( $a, $b ) use ( $before ): int {
				$serving = self::was_serving( $before, (string) $b ) <=> self::was_serving( $before, (string) $a );
				return 0 !== $serving ? $serving : strcmp( (string) $a, (string) $b );
			}
		);
		foreach ( $order as $slug ) {
			$slug  = (string) $slug;
			$entry = &$entries[ $slug ];
			if ( null === $entry['error'] && null !== $entry['class'] ) {
				// Class, interfaces, traits, enums and functions, as at push (RouteRules).
				$clashes        = RouteRules::clashes( $slug, RouteRules::names_of_entry( $entry ), $owners );
				$entry['error'] = $clashes[0]['message'] ?? null;
			}
			if ( null === $entry['error'] ) {
				$entry['error'] = RouteRules::route_clashes( $slug, $shape_owner )[0]['message'] ?? null;
			}
			unset( $entry );
		}

		foreach ( $entries as $slug => $entry ) {
			if ( null !== $entry['error'] && ( $before[ $slug ]['error'] ?? null ) !== $entry['error'] ) {
				// Logged when the reason first appears, not on every rebuild. (A slug like "123" is an
				// integer key here: PHP converts it.)
				Log::skipped( (string) $slug, $entry['error'] );
			}
		}

		$racy = false;
		foreach ( array_merge( array_values( $inventory['dirs'] ), array_column( $inventory['files'], 'stamp' ) ) as $stamp ) {
			$racy = $racy || CarriedEntry::is_racy( $stamp, $built );
		}

		return array(
			'version' => ManifestStore::VERSION,
			'built'   => $built,
			'racy'    => $racy,
			'limits'  => $limits,
			'dirs'    => $inventory['dirs'],
			// Facts svc remembers beside the manifest (ManifestStore::meta), carried over by the store.
			'meta'    => array(),
			'files'   => $entries,
			'index'   => self::index( $entries ),
		);
	}

	/**
	 * Whether the previous manifest had this file loadable (so it keeps its class name and route).
	 *
	 * @param array<string, EntryData> $before
	 */
	private static function was_serving( array $before, string $slug ): bool {
		return isset( $before[ $slug ] ) && null === $before[ $slug ]['error'];
	}

	/**
	 * The known entry at the file's path and stamp, when the file holds the very bytes it was built from.
	 *
	 * @param EntryData $known
	 * @param array{path: string, size: int, stamp: string, link?: bool} $stat
	 * @return EntryData|null
	 */
	private static function copy_of( array $known, array $stat ): ?array {
		// Sizes tell most changed files apart without reading them; a file of the plain api/ directory
		// of before svc's first release (the import release's) has no guard, its copy in a tree has.
		$sizes = array( $known['size'], $known['size'] + strlen( Guard::TEXT ) );
		if ( ! empty( $stat['link'] ) || ! empty( $known['link'] ) || null === $known['hash'] || ! in_array( $stat['size'], $sizes, true ) ) {
			return null;
		}
		$stored = @file_get_contents( $stat['path'] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- vanished: scanned (and reported) instead.
		if ( false === $stored || hash( 'sha256', Guard::strip( $stored ) ) !== $known['hash'] ) {
			return null;
		}
		return array_merge(
			$known,
			array(
				'path'  => $stat['path'],
				'stamp' => $stat['stamp'],
				'size'  => $stat['size'],
			)
		);
	}

	/**
	 * Opcache may hold the old compiled file; drop it so the next include compiles the new bytes.
	 */
	public static function forget_compiled( string $path ): void {
		if ( function_exists( 'opcache_invalidate' ) ) {
			opcache_invalidate( $path, true );
		}
	}

	/**
	 * Reads one file's tokens.
	 *
	 * @param array{path: string, size: int, stamp: string, link?: bool} $stat
	 * @return EntryData
	 */
	private function scan( string $slug, array $stat, int $file_limit ): array {
		if ( ! empty( $stat['link'] ) ) {
			return Entry::failed( $stat, null, Reasons::symbolic_link() );
		}
		$problem = Slug::problem( $slug );
		if ( null !== $problem ) {
			return Entry::failed( $stat, null, 'invalid file name: ' . $problem );
		}
		// The limit is on the author's bytes, as at push time; the stored file also holds the guard.
		if ( $stat['size'] > $file_limit + strlen( Guard::TEXT ) ) {
			// Never read: an over-size file is skipped unopened and is not listed or pulled.
			return Entry::oversize( $stat, Reasons::too_large( $stat['size'], $file_limit ) );
		}
		$stored = @file_get_contents( $stat['path'] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- vanished mid-scan: reported below.
		if ( false === $stored ) {
			return Entry::failed( $stat, null, 'the file could not be read' );
		}
		$source = Guard::strip( $stored );
		if ( strlen( $source ) > $file_limit ) {
			return Entry::oversize( $stat, Reasons::too_large( strlen( $source ), $file_limit ) );
		}
		$hash = hash( 'sha256', $source );
		// A scan that ended the process is not tried again on every request: the file is failed instead.
		$result = $this->guard->run( $stat['path'], $stat['stamp'], static fn (): ScanResult => TokenScanner::scan( $stored, $slug . '.php' ) );
		if ( null === $result ) {
			return Entry::failed( $stat, $hash, Reasons::scan_unfinished() );
		}
		// The rules a push checks (RouteRules), so boot skips what a push would have refused.
		$problems = RouteRules::own( $result );
		if ( array() !== $problems ) {
			return Entry::failed( $stat, $hash, $problems[0]['message'] );
		}
		return Entry::scanned( $stat, $hash, $result );
	}

	/**
	 * Lookup tables for matching a request path to candidate slugs without a regex per file.
	 *
	 * Files that fail are indexed too (when their name is a valid slug): a request for their path
	 * then checks their stamp, so a fix made in place (SFTP) is noticed; loading still refuses them
	 * while they fail.
	 *
	 * @param array<string, array<string, mixed>> $entries
	 * `classes` maps a route class (lowercase) to the file declaring it, for the route-class autoloader.
	 *
	 * @return array{static: array<string, string>, dynamic: array<int, array<string, string>>, classes: array<string, string>}
	 */
	private static function index( array $entries ): array {
		$static  = array();
		$dynamic = array();
		$classes = array();
		foreach ( $entries as $slug => $entry ) {
			$slug = (string) $slug;
			if ( null === $entry['error'] && null !== $entry['class'] ) {
				$classes[ strtolower( $entry['class'] ) ] = $slug;
			}
			if ( ! Slug::is_valid( $slug ) ) {
				continue;
			}
			if ( Slug::is_static( $slug ) ) {
				$static[ $slug ] = $slug;
			} else {
				$dynamic[ Slug::segment_count( $slug ) ][ $slug ] = '#^' . Slug::pattern( $slug, RouteContract::segment_types( $entry, $slug ) ) . '$#i';
			}
		}
		// Where two dynamic routes match one path, the first registered wins: slug order, the same
		// order whatever order the directory listing gave and however the manifest is read (Shards).
		foreach ( $dynamic as &$patterns ) {
			ksort( $patterns, SORT_STRING );
		}
		unset( $patterns );
		return array(
			'static'  => $static,
			'dynamic' => $dynamic,
			'classes' => $classes,
		);
	}
}
