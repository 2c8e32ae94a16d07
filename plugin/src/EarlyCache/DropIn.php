<?php
/**
 * svc's advanced-cache.php on this site, and WP_CACHE.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Installs svc's drop-in only where there is none (another plugin's page cache is never replaced
 * nor wrapped), removes it only when it is svc's, and turns WP_CACHE on only when the
 * administrator asks (`wp svc cache enable`, the button on svc's admin page). What is in use and
 * why (EntryPoint) is what diagnostics and `svc doctor` report.
 */
final class DropIn {

	public static function path(): string {
		return WP_CONTENT_DIR . '/advanced-cache.php';
	}

	/** The first bytes of advanced-cache.php, or null when there is none. */
	public static function head(): ?string {
		$head = is_file( self::path() ) ? @file_get_contents( self::path(), false, null, 0, EntryPoint::HEAD_BYTES ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		return false === $head ? null : $head;
	}

	/**
	 * @return array{entry: string, reason: string, install: bool}
	 */
	public static function decision(): array {
		return EntryPoint::decide(
			defined( 'WP_CACHE' ) && WP_CACHE,
			self::head(),
			! apply_filters( 'enable_loading_advanced_cache_dropin', true ) // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter.
		);
	}

	/**
	 * Writes svc's drop-in where there is none. Never over a file: the new one is linked in place,
	 * which fails when another plugin wrote one meanwhile; WordPress never includes half a file.
	 */
	public static function install(): bool {
		if ( null !== self::head() ) {
			return EntryPoint::is_ours( (string) self::head() );
		}
		return self::place( self::source(), false );
	}

	/**
	 * Writes svc's drop-in again when the REST prefix it names is no longer WordPress's (a filter
	 * changed `rest_url_prefix`): the entry script reads it before any filter can run.
	 */
	public static function follow_rest_prefix(): void {
		$head   = self::head();
		$source = self::source();
		if ( null === $head || ! EntryPoint::is_ours( $head ) || (string) @file_get_contents( self::path() ) === $source ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
			return;
		}
		self::place( $source, true );
	}

	/** svc's drop-in as it should read now. */
	private static function source(): string {
		return DropInSource::render( __DIR__ . '/entry.php', rest_get_url_prefix() );
	}

	/**
	 * Writes $source beside advanced-cache.php, then puts it in place whole: renamed over svc's own
	 * ($over), else linked, which fails when any file is there (another plugin's written meanwhile).
	 * WordPress never includes half a file.
	 */
	private static function place( string $source, bool $over ): bool {
		$temporary = WP_CONTENT_DIR . '/.svc-advanced-cache-' . bin2hex( random_bytes( 6 ) ) . '.php';
		if ( strlen( $source ) !== @file_put_contents( $temporary, $source ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			return false;
		}
		$placed = $over ? @rename( $temporary, self::path() ) : @link( $temporary, self::path() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
		if ( ! $placed || ! $over ) {
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
		}
		return $placed;
	}

	/** Removes svc's drop-in; another plugin's stays. */
	public static function remove(): void {
		$head = self::head();
		if ( null !== $head && EntryPoint::is_ours( $head ) ) {
			@unlink( self::path() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
		}
	}

	/** wp-config.php where WordPress finds it (ABSPATH, or the folder above). */
	public static function config_path(): ?string {
		if ( is_file( ABSPATH . 'wp-config.php' ) ) {
			return ABSPATH . 'wp-config.php';
		}
		$above = dirname( ABSPATH ) . '/wp-config.php';
		return is_file( $above ) && ! is_file( dirname( ABSPATH ) . '/wp-settings.php' ) ? $above : null;
	}

	/**
	 * Turns WP_CACHE on in wp-config.php (from the next request) and installs the drop-in.
	 *
	 * @return string|null Null when done, else why not (nothing was changed).
	 */
	public static function enable(): ?string {
		$head = self::head();
		if ( null !== $head && ! EntryPoint::is_ours( $head ) ) {
			return __( 'Another plugin\'s advanced-cache.php is installed (a page cache): svc leaves it in place and serves cached answers as its plugin loads.', 'svc' );
		}
		if ( ! ( defined( 'WP_CACHE' ) && WP_CACHE ) ) {
			$config = self::config_path();
			$text   = null === $config ? false : @file_get_contents( $config ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
			$edited = false === $text ? null : WpCacheConstant::enabled( $text );
			if ( null === $config || null === $edited ) {
				return __( 'wp-config.php could not be changed safely: add define( \'WP_CACHE\', true ); to it yourself, above the line that requires wp-settings.php.', 'svc' );
			}
			if ( $edited !== $text && ! self::replace( $config, $edited ) ) {
				return __( 'wp-config.php is not writable: add define( \'WP_CACHE\', true ); to it yourself, above the line that requires wp-settings.php.', 'svc' );
			}
		}
		return self::install() ? null : __( 'advanced-cache.php could not be written in wp-content: make the folder writable, or copy svc\'s drop-in there.', 'svc' );
	}

	/** Written beside it and renamed over it, keeping its permissions: never half a config. */
	private static function replace( string $path, string $text ): bool {
		$temporary = $path . '.svc-' . bin2hex( random_bytes( 6 ) );
		$mode      = @fileperms( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( ! wp_is_writable( $path ) || strlen( $text ) !== @file_put_contents( $temporary, $text ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			return false;
		}
		if ( false !== $mode ) {
			@chmod( $temporary, $mode & 0777 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_chmod
		}
		if ( ! @rename( $temporary, $path ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			return false;
		}
		// An opcache that never revalidates would keep the old config, WP_CACHE off.
		if ( function_exists( 'opcache_invalidate' ) ) {
			opcache_invalidate( $path, true );
		}
		return true;
	}

	/**
	 * What diagnostics report.
	 *
	 * @return array{entry: string, reason: string, wp_cache: bool, store: string, published: bool}
	 */
	public static function status(): array {
		$decision = self::decision();
		$scope    = Publisher::scope();
		return array(
			'entry'     => $decision['entry'],
			'reason'    => $decision['reason'],
			'wp_cache'  => defined( 'WP_CACHE' ) && WP_CACHE,
			'store'     => StoreChoice::in_wordpress()->shared() ? 'object-cache' : 'disk',
			'published' => null !== $scope && IndexFile::of_scope( $scope )->exists(),
		);
	}
}
