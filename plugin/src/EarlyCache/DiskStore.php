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
 * folders by the key's last two hex digits. Each file starts with its expiry time, the value's
 * length and its CRC-32: a value is written in place under an exclusive lock, over the old one and
 * then cut to its length (emptying the file first costs ext4 a synchronous flush of the file on
 * close, its guard against zero-length files after a crash: ~0.3 ms instead of ~10 µs), and a
 * reader that finds a value of another length or checksum (a write under way, old bytes behind new
 * ones) has a miss, never a part of an answer. Nothing is renamed or
 * deleted on the way of a request: PHP empties the worker's whole realpath cache on each rename()
 * and unlink(), which costs the next request a stat of every file it includes. An expired file is a
 * miss. The size is bounded per folder: after a large write, or one write in sixteen, the oldest
 * files of that folder go until it holds at most SHARD_BYTES, so the whole store stays near
 * 256 × SHARD_BYTES without ever listing it whole. A lock is flock() on one of LOCKS lock files per
 * folder, chosen by the key's CRC-32, held until it is given back or its holder's process ends (a
 * worker that died holds nothing). Two keys computed at once share a lock file about once in
 * 256 × LOCKS pairs, and then one of them waits for the other as for its own. The folders and lock
 * files are made ahead (prepare(), when a release with a cached route is first published: ~0.1 s
 * once), so a miss creates nothing before its answer is sent: a lock file made by the miss that
 * needs it cost each of a fresh site's misses up to a millisecond (measured, bench row (j)).
 */
final class DiskStore implements AnswerStore {

	/** Bytes one folder may hold. */
	public const SHARD_BYTES = 4194304;

	/** Lock files a folder holds (`.lock-0` to `.lock-15`). */
	public const LOCKS = 16;

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
		if ( false === $newline ) {
			return null;
		}
		$head  = explode( ' ', substr( $raw, 0, $newline ), 3 );
		$value = substr( $raw, $newline + 1 );
		if ( (int) $head[0] <= time() || ! isset( $head[1], $head[2] ) || strlen( $value ) !== (int) $head[1] || hash( 'crc32b', $value ) !== $head[2] ) {
			return null;
		}
		return $value;
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
		$handle = @fopen( $path, 'c' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- runs before WordPress loads.
		if ( false === $handle ) {
			return false;
		}
		$contents = ( time() + max( 1, $seconds ) ) . ' ' . strlen( $value ) . ' ' . hash( 'crc32b', $value ) . "\n" . $value;
		$written  = flock( $handle, LOCK_EX ) && strlen( $contents ) === fwrite( $handle, $contents ) && ftruncate( $handle, strlen( $contents ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite
		if ( ! $written ) {
			// A full disk: what is there has the wrong length, a miss; keep nothing.
			ftruncate( $handle, 0 );
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		if ( ! $written ) {
			return false;
		}
		// A folder is listed after one write in sixteen (by the key, random) or after a large one:
		// listing it after every write would cost each miss a stat of every answer in it.
		if ( '0' === substr( $key, -3, 1 ) || strlen( $value ) >= self::SHARD_BYTES / 64 ) {
			$this->trim( $folder );
		}
		return true;
	}

	/** @var array<string, resource> The locks this request holds, by key. */
	private array $held = array();

	public function lock( string $key, int $seconds ): bool {
		$path = $this->path( $key );
		if ( null === $path || isset( $this->held[ $key ] ) ) {
			return false;
		}
		$folder = dirname( $path );
		if ( ! Folders::make( $folder ) ) {
			return false;
		}
		// LOCKS lock files a folder (made by prepare()), never deleted: two keys rarely share one, and then one waits.
		$handle = @fopen( $folder . '/' . self::lock_name( $key ), 'c' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen
		if ( false === $handle ) {
			return false;
		}
		if ( ! flock( $handle, LOCK_EX | LOCK_NB ) ) {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
			return false;
		}
		$this->held[ $key ] = $handle;
		return true;
	}

	/**
	 * One of the folder's lock files, by the whole key: the folder is the key's last two digits
	 * already, so these spread over what the folder does not.
	 */
	public static function lock_name( string $key ): string {
		return '.lock-' . ( crc32( $key ) % self::LOCKS );
	}

	/**
	 * Makes the 256 folders and their lock files where they are missing: the early cache's first
	 * misses then only open what is there.
	 */
	public function prepare(): void {
		if ( is_file( $this->directory . '/ff/.lock-' . ( self::LOCKS - 1 ) ) ) {
			return;
		}
		for ( $folder = 0; $folder < 256; $folder++ ) {
			$path = $this->directory . '/' . sprintf( '%02x', $folder );
			if ( ! Folders::make( $path ) ) {
				return;
			}
			for ( $lock = 0; $lock < self::LOCKS; $lock++ ) {
				@touch( $path . '/.lock-' . $lock ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_touch
			}
		}
	}

	public function unlock( string $key ): void {
		if ( isset( $this->held[ $key ] ) ) {
			flock( $this->held[ $key ], LOCK_UN );
			fclose( $this->held[ $key ] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
			unset( $this->held[ $key ] );
		}
	}

	public function shared(): bool {
		return false;
	}

	/**
	 * This node's count, in a file of twenty digits changed under an exclusive lock: concurrent hits
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
			// Always 20 digits: written over in place, never truncated.
			fseek( $handle, 0 );
			fwrite( $handle, sprintf( '%020d', $count + 1 ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- runs before WordPress loads.
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
			if ( '' === $name || '.' === $name[0] || str_ends_with( $name, '.count' ) || 'index.php' === $name ) {
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
