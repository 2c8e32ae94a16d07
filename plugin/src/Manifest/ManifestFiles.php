<?php
/**
 * The manifest's files in the cache: a head and its shards.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\AtomicBatch;
use Svc\Storage\Directories;
use Svc\Storage\Disk;
use Svc\Storage\Paths;
use Svc\Storage\SettledTime;

/**
 * A head (`manifest-<tree>.php`: stamps, limits, meta) and shards of entries
 * (`manifest-<tree>-<generation>-<n>.php`, see Shards), each a PHP literal of ManifestStore::VERSION.
 * Shards are written before the head that names their generation, so a head never names missing
 * shards (a reader that finds one gone, removed by a newer save, reads the whole manifest again).
 * A small site's one shard is kept in the head (`inline`): a request includes one file.
 *
 * @phpstan-import-type Manifest from ManifestStore
 * @phpstan-import-type Shard from ManifestStore
 */
final class ManifestFiles {

	private ?AtomicBatch $batch       = null;
	private ?Directories $directories = null;

	/**
	 * @param Disk|null $disk What writes (tests stand in one that fails on cue); a plain Disk when
	 *                        null, made on the first write: a request that only reads makes none.
	 */
	public function __construct(
		private readonly Paths $paths,
		private ?Disk $disk = null,
	) {
	}

	/**
	 * The saved head as it is, or null (none, or of another VERSION).
	 *
	 * @return array<string, mixed>|null
	 */
	public function head(): ?array {
		return self::read( $this->file() );
	}

	/**
	 * @param array<string, mixed> $head
	 * @return Shard|null
	 */
	public function shard( array $head, int $number ): ?array {
		if ( isset( $head['inline'] ) ) {
			/** @var Shard */
			return $head['inline'];
		}
		/** @var Shard|null */
		return self::read( $this->shard_file( (string) $head['generation'], $number ) );
	}

	/**
	 * Saves the manifest as shards of a new generation, then the head naming it; removes the shards
	 * of older generations but the one before (a request may have read its head just now).
	 *
	 * @param Manifest $manifest
	 */
	public function save( array $manifest ): void {
		$count      = Shards::count( count( $manifest['files'] ) );
		$generation = bin2hex( random_bytes( 4 ) );
		$empty      = array(
			'version' => ManifestStore::VERSION,
			'files'   => array(),
			'static'  => array(),
			'dynamic' => array(),
			'classes' => array(),
		);
		$shards     = array_fill( 0, $count, $empty );
		foreach ( $manifest['files'] as $slug => $entry ) {
			$shards[ Shards::of_slug( (string) $slug, $count ) ]['files'][ $slug ] = $entry;
		}
		foreach ( $manifest['index']['static'] as $path => $slug ) {
			$shards[ Shards::of_slug( (string) $slug, $count ) ]['static'][ $path ] = $slug;
		}
		foreach ( $manifest['index']['dynamic'] as $segments => $patterns ) {
			foreach ( $patterns as $slug => $regex ) {
				$shards[ Shards::of_slug( (string) $slug, $count ) ]['dynamic'][ $segments ][ $slug ] = $regex;
			}
		}
		foreach ( $manifest['index']['classes'] as $class_name => $slug ) {
			$shards[ Shards::of_class( (string) $class_name, $count ) ]['classes'][ $class_name ] = $slug;
		}
		$head                 = array_diff_key( $manifest, array_flip( array( 'files', 'index', 'inline' ) ) );
		$head['generation']   = $generation;
		$head['shards']       = $count;
		$head['dynamic_dirs'] = self::dynamic_directories( array_keys( $manifest['dirs'] ) );
		$files                = array();
		if ( 1 === $count ) {
			// A small site's one shard goes in the head: a request includes one file, as before shards.
			$head['inline'] = $shards[0];
		} else {
			foreach ( $shards as $number => $shard ) {
				$files[ $this->shard_file( $generation, $number ) ] = self::code( $shard );
			}
		}
		try {
			$directories = $this->directories ??= new Directories( $this->disk() );
			$directories->ensure_below( $this->paths->base(), $this->paths->root() );
			$directories->ensure( $this->paths->cache() );
			$previous = self::read( $this->file() );
			if ( array() !== $files ) {
				$this->write( $files );
			}
			$this->write( array( $this->file() => self::code( $head ) ) );
			$this->remove_generations_but( array( $generation, (string) ( $previous['generation'] ?? '' ) ) );
		} catch ( \Throwable $error ) {
			// A read-only cache costs speed, not correctness: the manifest is rebuilt per request.
			unset( $error );
		}
	}

	/**
	 * Saves shards of the generation $head names, in place (their generation is still the head's).
	 *
	 * @param array<string, mixed> $head
	 * @param array<int, Shard>    $shards Shard number => shard.
	 */
	public function save_shards( array $head, array $shards ): void {
		$files = array();
		foreach ( $shards as $number => $shard ) {
			if ( isset( $head['inline'] ) ) {
				$head['inline']         = $shard;
				$files[ $this->file() ] = self::code( $head );
			} else {
				$files[ $this->shard_file( $head['generation'], $number ) ] = self::code( $shard );
			}
		}
		if ( array() !== $files ) {
			$this->write( $files );
		}
	}

	/**
	 * @param array<string, mixed> $head
	 */
	public function save_head( array $head ): void {
		$this->write( array( $this->file() => self::code( $head ) ) );
	}

	/**
	 * Removes the manifests (heads and shards) of trees that are not in `$live`, and temporary files a
	 * crashed save left. Called after Trees::collect(), under the write lock; manifests are saved
	 * outside it, so only a temporary file a minute old is surely a crash's.
	 *
	 * @param list<string> $live
	 */
	public static function collect( Paths $paths, array $live ): void {
		// A temporary file is dated back before it is renamed into place (SettledTime): its age says that much less.
		$oldest = SettledTime::for_new_file( time(), ini_get( 'opcache.file_update_protection' ) ) - 60;
		foreach ( (array) glob( $paths->cache() . '/{manifest-*.php,.manifest-*.php}', GLOB_BRACE ) as $manifest ) {
			$manifest = (string) $manifest;
			// A head `manifest-<tree>.php` (file()) or a shard `manifest-<tree>-<generation>-<n>.php`
			// (shard_file()), or one of their temporary files `.<name>.<12 hex>.tmp|bak` (AtomicBatch).
			if ( 1 !== preg_match( '/^\.?manifest-(.+?)(?:-[a-f0-9]{8}-\d+)?(\.[a-f0-9]{12}\.(tmp|bak))?\.php$/', basename( $manifest ), $match ) ) {
				continue;
			}
			$crashed = isset( $match[2] ) && '' !== $match[2] && (int) @filemtime( $manifest ) < $oldest; // phpcs:ignore WordPress.PHP.NoSilencedErrors
			if ( $crashed || ! in_array( $match[1], $live, true ) ) {
				@unlink( $manifest ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
			}
		}
	}

	/**
	 * Gives the manifest of tree $from (its head and shards) to tree $to, when the directory itself
	 * was renamed (Trees::swap() moving a plain `api/` aside): the files are the same, so a rollback
	 * to them carries their entries over instead of scanning every file again. Best effort: a
	 * manifest that cannot be renamed is only scanned again when needed.
	 */
	public static function rename_tree( Paths $paths, string $from, string $to ): void {
		$prefix = $paths->cache() . '/manifest-' . $from;
		$shards = (array) glob( $prefix . '-*-*.php' );
		foreach ( $shards as $shard ) {
			$rest = substr( (string) $shard, strlen( $prefix ) );
			if ( 1 === preg_match( '/^-[a-f0-9]{8}-\d+\.php$/', $rest ) ) {
				@rename( (string) $shard, $paths->cache() . '/manifest-' . $to . $rest ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- best effort, see above.
			}
		}
		// The head last: a head never names shards that are not there.
		if ( is_file( $prefix . '.php' ) ) {
			@rename( $prefix . '.php', $paths->cache() . '/manifest-' . $to . '.php' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- best effort, see above.
		}
	}

	/**
	 * One manifest per tree: a swap needs no rebuild, and opcache compiles a new file, never a stale one.
	 */
	private function file(): string {
		return $this->paths->cache() . '/manifest-' . ( $this->paths->served_tree() ?? 'api' ) . '.php';
	}

	private function shard_file( string $generation, int $number ): string {
		return substr( $this->file(), 0, -4 ) . '-' . $generation . '-' . $number . '.php';
	}

	/**
	 * A PHP literal file of this VERSION, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function read( string $file ): ?array {
		if ( ! is_file( $file ) ) {
			return null;
		}
		$data = include $file;
		return is_array( $data ) && ( $data['version'] ?? null ) === ManifestStore::VERSION ? $data : null;
	}

	/**
	 * Directory => its dynamic subdirectories (`[id]`), for Freshness::directories_for().
	 *
	 * @param list<int|string> $directories
	 * @return array<string, list<string>>
	 */
	private static function dynamic_directories( array $directories ): array {
		$found = array();
		foreach ( $directories as $relative ) {
			$relative = (string) $relative;
			$name     = basename( $relative );
			if ( '' !== $relative && str_starts_with( $name, '[' ) ) {
				$parent                                    = dirname( $relative );
				$found[ '.' === $parent ? '' : $parent ][] = $name;
			}
		}
		return $found;
	}

	/**
	 * @param list<string> $keep
	 */
	private function remove_generations_but( array $keep ): void {
		$prefix = substr( $this->file(), 0, -4 ) . '-';
		foreach ( (array) glob( $prefix . '*-*.php' ) as $file ) {
			$generation = explode( '-', substr( (string) $file, strlen( $prefix ) ) )[0];
			if ( ! in_array( $generation, $keep, true ) ) {
				wp_delete_file( (string) $file );
			}
		}
	}

	/**
	 * @param array<string, string> $files Path => PHP code.
	 */
	private function write( array $files ): void {
		try {
			$this->batch ??= new AtomicBatch( $this->disk() );
			$this->batch->write( $this->paths->cache(), $files );
		} catch ( \Throwable $error ) {
			// A read-only cache costs speed, not correctness.
			unset( $error );
		}
	}

	private function disk(): Disk {
		return $this->disk ??= new Disk();
	}

	/**
	 * @param array<string, mixed> $data
	 */
	private static function code( array $data ): string {
		return "<?php\n// Derived by svc from wp-content/svc/api/; safe to delete.\ndefined( 'ABSPATH' ) || exit;\nreturn "
			. var_export( $data, true ) . ";\n"; // phpcs:ignore WordPress.PHP.DevelopmentFunctions -- a PHP literal is the cache format.
	}
}
