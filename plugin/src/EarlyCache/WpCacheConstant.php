<?php
/**
 * The edit of wp-config.php that turns WP_CACHE on.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * As page-cache plugins do, and only when the administrator asks: a `define( 'WP_CACHE', false )`
 * of literal form becomes true; with none, one is added right after the opening tag (it must come
 * before wp-settings.php is required). Anything else (a define by an expression, by a variable, more
 * than one) is left to the administrator: null, with nothing written, rather than a guess.
 */
final class WpCacheConstant {

	/** The comment that marks svc's line, so turning it off again finds it. */
	public const COMMENT = '// Added by svc (early cache).';

	private const DEFINE = '/define\s*\(\s*([\'"])WP_CACHE\1\s*,\s*([^)]*)\)\s*;/i';

	/**
	 * The file's new text, the same text when WP_CACHE is already true, or null when it cannot be
	 * changed safely.
	 */
	public static function enabled( string $config ): ?string {
		if ( ! str_starts_with( ltrim( $config ), '<?php' ) ) {
			return null;
		}
		$count = preg_match_all( self::DEFINE, $config, $matches );
		if ( $count > 1 ) {
			return null;
		}
		if ( 1 === $count ) {
			$value = strtolower( trim( $matches[2][0] ) );
			if ( 'true' === $value ) {
				return $config;
			}
			if ( 'false' !== $value ) {
				return null;
			}
			return (string) preg_replace( self::DEFINE, "define( 'WP_CACHE', true ); " . self::COMMENT, $config, 1 );
		}
		if ( str_contains( $config, 'WP_CACHE' ) ) {
			// Named some other way (a constant() call, a variable): not ours to rewrite.
			return null;
		}
		$open = strpos( $config, '<?php' );
		return substr( $config, 0, (int) $open + 5 ) . "\ndefine( 'WP_CACHE', true ); " . self::COMMENT . substr( $config, (int) $open + 5 );
	}
}
