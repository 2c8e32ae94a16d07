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

	private const LINE = "define( 'WP_CACHE', true ); " . self::COMMENT;

	/**
	 * The file's new text, the same text when WP_CACHE is already true, or null when it cannot be
	 * changed safely. Read as PHP reads it (tokens): a define in a comment is no define, and the line
	 * goes after a `declare()`, which must stay the file's first statement.
	 */
	public static function enabled( string $config ): ?string {
		if ( ! str_starts_with( ltrim( $config ), '<?php' ) ) {
			return null;
		}
		$tokens  = token_get_all( $config );
		$code    = self::code( $tokens );
		$defines = array();
		foreach ( $code as $at => $token ) {
			if ( self::names_wp_cache( $token['text'] ) ) {
				$define = self::define_at( $code, $at );
				if ( null === $define ) {
					// Named some other way (a constant() call, a variable, an expression): not ours to rewrite.
					return null;
				}
				$defines[] = $define;
			}
		}
		if ( count( $defines ) > 1 ) {
			return null;
		}
		if ( 1 === count( $defines ) ) {
			$value = strtolower( $defines[0]['value'] );
			if ( 'true' === $value ) {
				return $config;
			}
			if ( 'false' !== $value ) {
				return null;
			}
			return substr( $config, 0, $defines[0]['from'] ) . self::LINE . substr( $config, $defines[0]['to'] );
		}
		$at = self::insertion_point( $config, $code );
		return null === $at ? null : substr( $config, 0, $at ) . "\n" . self::LINE . substr( $config, $at );
	}

	/**
	 * The tokens PHP runs, each with its text and byte offset: no whitespace, no comments.
	 *
	 * @param array<int, array{0: int, 1: string, 2: int}|string> $tokens
	 * @return list<array{id: int|null, text: string, offset: int}>
	 */
	private static function code( array $tokens ): array {
		$code   = array();
		$offset = 0;
		foreach ( $tokens as $token ) {
			$id   = is_array( $token ) ? $token[0] : null;
			$text = is_array( $token ) ? $token[1] : $token;
			if ( ! in_array( $id, array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true ) ) {
				$code[] = array(
					'id'     => $id,
					'text'   => $text,
					'offset' => $offset,
				);
			}
			$offset += strlen( $text );
		}
		return $code;
	}

	/** The name itself, not WP_CACHE_KEY_SALT (Redis Object Cache's) or another that starts with it. */
	private static function names_wp_cache( string $text ): bool {
		return 1 === preg_match( '/(?<![A-Za-z0-9_])WP_CACHE(?![A-Za-z0-9_])/i', $text );
	}

	/**
	 * The literal define( 'WP_CACHE', true|false|… ); whose name is the token at $at: where it starts
	 * and ends and the value's text; null for any other use of the name.
	 *
	 * @param list<array{id: int|null, text: string, offset: int}> $code
	 * @return array{from: int, to: int, value: string}|null
	 */
	private static function define_at( array $code, int $at ): ?array {
		$name = $code[ $at ];
		if ( T_CONSTANT_ENCAPSED_STRING !== $name['id'] || 1 !== preg_match( '/^([\'"])WP_CACHE\1$/', $name['text'] ) ) {
			return null;
		}
		$open   = $code[ $at - 1 ] ?? null;
		$define = $code[ $at - 2 ] ?? null;
		$comma  = $code[ $at + 1 ] ?? null;
		$value  = $code[ $at + 2 ] ?? null;
		$close  = $code[ $at + 3 ] ?? null;
		$end    = $code[ $at + 4 ] ?? null;
		$before = $code[ $at - 3 ] ?? null;
		if ( null === $open || null === $define || null === $comma || null === $value || null === $close || null === $end
			|| '(' !== $open['text'] || T_STRING !== $define['id'] || 'define' !== strtolower( $define['text'] )
			|| ',' !== $comma['text'] || T_STRING !== $value['id'] || ')' !== $close['text'] || ';' !== $end['text']
			// A statement of its own: not `$x = define(…)`, nor a method or a namespaced function.
			|| ( null !== $before && ! in_array( $before['text'], array( ';', '{', '}' ), true ) && T_OPEN_TAG !== $before['id'] ) ) {
			return null;
		}
		return array(
			'from'  => $define['offset'],
			'to'    => $end['offset'] + 1,
			'value' => $value['text'],
		);
	}

	/**
	 * Right after the opening tag, or after the `declare()` statement that must come first; null when
	 * the file is not one plain PHP block from its start.
	 *
	 * @param list<array{id: int|null, text: string, offset: int}> $code
	 */
	private static function insertion_point( string $config, array $code ): ?int {
		// Blank lines before the tag are text PHP echoes, nothing to keep the line from.
		$i = T_INLINE_HTML === ( $code[0]['id'] ?? null ) && '' === trim( $code[0]['text'] ) ? 1 : 0;
		if ( T_OPEN_TAG !== ( $code[ $i ]['id'] ?? null ) ) {
			return null;
		}
		$at = $code[ $i ]['offset'] + 5;
		++$i;
		while ( T_DECLARE === ( $code[ $i ]['id'] ?? null ) ) {
			// declare( … ); ends at its first ';' (a declare block is not a config's).
			while ( isset( $code[ $i ] ) && ';' !== $code[ $i ]['text'] ) {
				if ( '{' === $code[ $i ]['text'] ) {
					return null;
				}
				++$i;
			}
			if ( ! isset( $code[ $i ] ) ) {
				return null;
			}
			$at = $code[ $i ]['offset'] + 1;
			++$i;
		}
		return strlen( $config ) >= $at ? $at : null;
	}
}
