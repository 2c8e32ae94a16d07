<?php
/**
 * Answers kept in files, for a site without a persistent object cache.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * One file per key under a directory of the site (`wp-content/svc/early-cache/`), spread over 256
 * folders by the key's last two hex digits. A value is written to a temporary file and renamed over
 * the old one, so a reader sees a whole answer or the one before, never a part. Each file starts
 * with its expiry time; an expired file is a miss. The size is bounded per folder: after a write, the
 * oldest files of that folder go until it holds at most SHARD_BYTES, so the whole store stays under
 * 256 × SHARD_BYTES without ever listing it whole. A lock is a file created with `x` (exclusive),
 * taken over when older than its lifetime (a request that died while holding it).
 */
final class DiskStore implements AnswerStore {

	/** Bytes one folder may hold. */
	public const SHARD_BYTES = 4194304;

	public function __construct( private readonly string $directory ) {
	}

	public function get( string $key ): ?string {
		$path = $this->path( $key );
		if ( null === $path ) {
			return null;
		}
		$raw = @file_get_contents( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.NoSilencedErrors.Discouraged -- a missing file is a miss; runs before WordPress loads.
		if ( false === $raw ) {
			return null;
		}
		$newline = strpos( $raw, "\n" );
		if ( false === $newline || (int) substr( $raw, 0, $newline ) <= time() ) {
			return null;
		}
		return substr( $raw, $newline + 1 );
	}

	public function put( string $key, string $value, int $seconds ): bool {
		$path = $this->path( $key );
		if ( null === $path || strlen( $value ) >= self::SHARD_BYTES ) {
			return false;
		}
		$folder = dirname( $path );
		if ( ! Folders::make( $folder ) ) {
			return false;
		}
		$temporary = $folder . '/.tmp-' . bin2hex( random_bytes( 8 ) );
		$contents  = ( time() + max( 1, $seconds ) ) . "\n" . $value;
		if ( strlen( $contents ) !== @file_put_contents( $temporary, $contents ) || ! @rename( $temporary, $path ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents, WordPress.WP.AlternativeFunctions.rename_rename -- a full disk is a store that keeps nothing.
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			return false;
		}
		$this->trim( $folder );
		return true;
	}

	public function lock( string $key, int $seconds ): bool {
		$path = $this->path( $key );
		if ( null === $path ) {
			return false;
		}
		$path  .= '.lock';
		$folder = dirname( $path );
		if ( ! Folders::make( $folder ) ) {
			return false;
		}
		for ( $try = 0; $try < 2; $try++ ) {
			$handle = @fopen( $path, 'x' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- exclusive creation is the lock.
			if ( false !== $handle ) {
				fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
				return true;
			}
			clearstatcache( true, $path );
			$made = @filemtime( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
			if ( false !== $made && $made > time() - $seconds ) {
				return false;
			}
			// Left by a request that died: whoever removes it first tries again, and one of them wins.
			@unlink( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
		}
		return false;
	}

	public function unlock( string $key ): void {
		$path = $this->path( $key );
		if ( null !== $path ) {
			@unlink( $path . '.lock' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
		}
	}

	public function shared(): bool {
		return false;
	}

	/**
	 * This node's count, in a file of eight bytes changed under an exclusive lock: concurrent hits
	 * are all counted, and the file never grows.
	 */
	public function increment( string $key ): void {
		$path = $this->path( $key );
		if ( null === $path ) {
			return;
		}
		$folder = dirname( $path );
		if ( ! Folders::make( $folder ) ) {
			return;
		}
		$handle = @fopen( $path . '.count', 'c+' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen
		if ( false === $handle ) {
			return;
		}
		if ( flock( $handle, LOCK_EX ) ) {
			$count = (int) stream_get_contents( $handle, 20, 0 );
			ftruncate( $handle, 0 );
			fseek( $handle, 0 );
			fwrite( $handle, (string) ( $count + 1 ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- runs before WordPress loads.
			flock( $handle, LOCK_UN );
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
	}

	public function counter( string $key ): int {
		$path = $this->path( $key );
		$raw  = null === $path ? false : @file_get_contents( $path . '.count', false, null, 0, 20 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		return false === $raw ? 0 : max( 0, (int) $raw );
	}

	/**
	 * Keys come from AnswerKey (and lock names from it); anything else is refused, never a path.
	 */
	private function path( string $key ): ?string {
		if ( 1 !== preg_match( '/^[a-z0-9-]{1,100}$/D', $key ) || strlen( $key ) < 2 ) {
			return null;
		}
		return $this->directory . '/' . substr( $key, -2 ) . '/' . $key;
	}

	private function trim( string $folder ): void {
		$files = array();
		$total = 0;
		foreach ( (array) @scandir( $folder ) as $name ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
			$name = (string) $name;
			if ( '' === $name || '.' === $name[0] || str_ends_with( $name, '.lock' ) || str_ends_with( $name, '.count' ) || 'index.php' === $name ) {
				continue;
			}
			$stat = @stat( $folder . '/' . $name ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
			if ( false !== $stat ) {
				$files[] = array( $stat['mtime'], $stat['size'], $name );
				$total  += $stat['size'];
			}
		}
		if ( $total <= self::SHARD_BYTES ) {
			return;
		}
		sort( $files );
		foreach ( $files as list( , $size, $name ) ) {
			if ( $total <= self::SHARD_BYTES ) {
				break;
			}
			@unlink( $folder . '/' . $name ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			$total -= $size;
		}
	}
}
