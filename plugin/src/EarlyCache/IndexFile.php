<?php
/**
 * The route index on this node's disk, as the early entry point reads it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

use Svc\Storage\Disk;

/**
 * A PHP literal, so opcache keeps it in shared memory and a hit reads it without parsing. opcache
 * may never look at a file's date again (validate_timestamps=0, as in production), so a new index
 * is never written over the old: it gets a new name (its content's hash), and a one-line pointer
 * file, read with file_get_contents (never cached), names the one in force. Both are written to a
 * temporary file and renamed, so a reader sees the old index or the new one, never a part.
 * Older indexes are removed after the pointer moved, keeping the last few for requests still
 * reading them.
 *
 * @phpstan-import-type Index from RouteIndex
 */
final class IndexFile {

	private const POINTER = 'current';
	private const KEEP    = 3;

	public function __construct( private readonly string $directory ) {
	}

	/** Where a site's index is published on this node (Scope). */
	public static function of_scope( string $scope ): IndexFile {
		return new IndexFile( WP_CONTENT_DIR . '/svc/early-cache/sites/' . Scope::folder( $scope ) );
	}

	/** True when this node has published an index for the site. */
	public function exists(): bool {
		return is_file( $this->directory . '/' . self::POINTER );
	}

	/**
	 * Puts $index in force. When it cannot be written (a full disk, a folder made read-only), the
	 * one in force is withdrawn: it describes what the database no longer says (a release, a purge),
	 * and with no index the entry point lets WordPress answer, which publishes again.
	 *
	 * @param Index $index
	 */
	public function write( array $index ): bool {
		$code = "<?php\nreturn " . var_export( $index, true ) . ";\n"; // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- a PHP literal, written to a file.
		$name = 'index-' . substr( hash( 'sha256', $code ), 0, 32 ) . '.php';
		if ( ! Folders::make( $this->directory ) || ( ! is_file( $this->directory . '/' . $name ) && ! $this->replace( $name, $code, true ) ) || ! $this->replace( self::POINTER, $name ) ) {
			@unlink( $this->directory . '/' . self::POINTER ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			return false;
		}
		$this->collect( $name );
		return true;
	}

	/**
	 * The index in force, or null when there is none or it is not one this class wrote.
	 *
	 * @return Index|null
	 */
	public function read(): ?array {
		$name = @file_get_contents( $this->directory . '/' . self::POINTER ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		if ( false === $name || 1 !== preg_match( '/^index-[0-9a-f]{32}\.php$/D', $name ) ) {
			return null;
		}
		$index = @include $this->directory . '/' . $name; // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( ! is_array( $index ) || ! is_string( $index['prefix'] ?? null ) || ! is_array( $index['static'] ?? null ) || ! is_array( $index['dynamic'] ?? null ) ) {
			return null;
		}
		/** @var Index $index */
		return $index;
	}

	/**
	 * @param bool $settle Whether to date the file back past opcache's protection (Disk::settle()): an
	 *                     index gets a name no file had, and every request includes it, so cached at
	 *                     once it is not compiled again by each request of the next two seconds.
	 */
	private function replace( string $name, string $contents, bool $settle = false ): bool {
		$temporary = $this->directory . '/.tmp-' . bin2hex( random_bytes( 8 ) );
		$written   = strlen( $contents ) === @file_put_contents( $temporary, $contents ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		if ( $written && $settle ) {
			( new Disk() )->settle( $temporary );
		}
		if ( ! $written || ! @rename( $temporary, $this->directory . '/' . $name ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents, WordPress.WP.AlternativeFunctions.rename_rename
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			return false;
		}
		return true;
	}

	private function collect( string $current ): void {
		$old = array();
		foreach ( (array) glob( $this->directory . '/index-*.php' ) as $file ) {
			$file = (string) $file;
			if ( basename( $file ) !== $current ) {
				$old[ $file ] = (int) @filemtime( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
			}
		}
		arsort( $old );
		foreach ( array_slice( array_keys( $old ), self::KEEP - 1 ) as $file ) {
			@unlink( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
		}
	}
}
