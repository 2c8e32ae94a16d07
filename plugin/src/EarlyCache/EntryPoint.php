<?php
/**
 * Where the early cache answers, and why.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * The earliest point is WordPress's `advanced-cache.php` drop-in, loaded when `WP_CACHE` is true,
 * before the database, the object cache, plugins and the theme. svc installs its own there only
 * when the file is absent, and recognises its own by MARKER in the file's first lines: another
 * plugin's drop-in (a page cache) is never replaced nor wrapped. Without the drop-in, svc answers
 * as its own plugin file loads: after the database and object cache, before the theme and
 * `init`, and before every plugin whose folder sorts after svc's. `WP_CACHE` is turned on only by the administrator (WpCacheConstant).
 */
final class EntryPoint {

	/** The line that makes an `advanced-cache.php` svc's own. */
	public const MARKER = 'svc early cache drop-in';

	/** Bytes of a drop-in read to find the marker. */
	public const HEAD_BYTES = 512;

	public const DROPIN = 'advanced-cache';
	public const PLUGIN = 'plugin';

	/** Why the entry point is the one it is; diagnostics name these. */
	public const ACTIVE         = 'dropin_active';
	public const INSTALL        = 'dropin_missing';
	public const FOREIGN_DROPIN = 'foreign_dropin';
	public const WP_CACHE_OFF   = 'wp_cache_off';
	public const DISABLED       = 'dropin_disabled';

	/**
	 * @param bool        $wp_cache   `WP_CACHE` is defined and true.
	 * @param string|null $dropin_head The first HEAD_BYTES of `advanced-cache.php`, null when there is none.
	 * @param bool        $filtered   `enable_loading_advanced_cache_dropin` turns drop-ins off.
	 * @return array{entry: string, reason: string, install: bool}
	 */
	public static function decide( bool $wp_cache, ?string $dropin_head, bool $filtered = false ): array {
		if ( null !== $dropin_head && ! self::is_ours( $dropin_head ) ) {
			return array(
				'entry'   => self::PLUGIN,
				'reason'  => self::FOREIGN_DROPIN,
				'install' => false,
			);
		}
		if ( ! $wp_cache || $filtered ) {
			return array(
				'entry'   => self::PLUGIN,
				'reason'  => $filtered ? self::DISABLED : self::WP_CACHE_OFF,
				// Not yet: the one advanced-cache.php a site has stays free for a page cache installed
				// later, until the administrator turns the early cache on (DropIn::enable()).
				'install' => false,
			);
		}
		return array(
			'entry'   => self::DROPIN,
			'reason'  => null === $dropin_head ? self::INSTALL : self::ACTIVE,
			'install' => null === $dropin_head,
		);
	}

	public static function is_ours( string $head ): bool {
		return str_contains( substr( $head, 0, self::HEAD_BYTES ), self::MARKER );
	}
}
