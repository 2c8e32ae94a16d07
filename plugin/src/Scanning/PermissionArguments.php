<?php
/**
 * What a Permission attribute's argument tokens say, read as PHP would read its arguments.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * Pure: the tokens from `(` to `)` and the file's source (to quote what was written) in, the
 * reading out. TokenScanner keeps one per attribute.
 */
final class PermissionArguments {

	/**
	 * What the argument tokens of an attribute say, read as Permission's would be: `public` is the
	 * named argument `public:` or the first positional one, and opens the verb only when it is the
	 * literal `true`. Anything else a constant expression allows (`1`, `'0'`, `!false`, a constant)
	 * is kept in `written`, so the file is refused rather than guessed at: PHP's own reading of such
	 * a value depends on coercion rules that svc would have to repeat exactly. `publics` counts the
	 * `public` arguments (PHP throws when it is given twice); `unknown` lists named arguments
	 * Permission has no parameter for (PHP names are case-sensitive: `PUBLIC:` throws at newInstance()).
	 *
	 * @param list<PhpToken> $args Tokens from `(` to `)`.
	 * @return array{public: bool, written: string|null, publics: int, unknown: list<string>}
	 */
	public static function read( array $args, string $source ): array {
		$arguments = ArgumentList::split( $args );
		$value     = null;
		$publics   = 0;
		$unknown   = array();
		foreach ( $arguments as $position => $argument ) {
			// Keywords may name an argument (`public:`); the tokenizer may not call them T_STRING.
			$named = count( $argument ) >= 2 && ':' === $argument[1]->text && 1 === preg_match( '/^[a-z_\\x80-\\xff][\\w\\x80-\\xff]*$/i', $argument[0]->text );
			if ( ! $named ) {
				if ( 0 === $position ) {
					$value = $argument;
					++$publics;
				}
				continue;
			}
			$name = $argument[0]->text;
			if ( 'public' === $name ) {
				$value = array_slice( $argument, 2 );
				++$publics;
			} elseif ( 'capability' !== $name && 'callback' !== $name ) {
				$unknown[] = $name;
			}
		}
		$literal = null === $value ? 'false' : self::boolean_literal( $value );
		return array(
			'public'  => 'true' === $literal,
			'written' => null === $literal && null !== $value ? ( array() === $value ? '' : self::text( $value, $source ) ) : null,
			'publics' => $publics,
			'unknown' => $unknown,
		);
	}

	/**
	 * 'true' or 'false' when the tokens are that literal (any case, `\true` too), else null.
	 *
	 * @param list<PhpToken> $value
	 */
	private static function boolean_literal( array $value ): ?string {
		if ( 1 !== count( $value ) || ! $value[0]->is( array( T_STRING, T_NAME_FULLY_QUALIFIED ) ) ) {
			return null;
		}
		$word = strtolower( ltrim( $value[0]->text, '\\' ) );
		return 'true' === $word || 'false' === $word ? $word : null;
	}

	/**
	 * The source text of a run of tokens, as the author wrote it, short enough to quote in a refusal.
	 *
	 * @param non-empty-list<PhpToken> $tokens
	 */
	private static function text( array $tokens, string $source ): string {
		$last = $tokens[ count( $tokens ) - 1 ];
		$text = (string) preg_replace( '/\s+/', ' ', substr( $source, $tokens[0]->pos, $last->pos + strlen( $last->text ) - $tokens[0]->pos ) );
		// Cut at a character boundary: a broken UTF-8 sequence would make the JSON answer fail.
		return strlen( $text ) > 60 ? preg_replace( '/[\x80-\xff]+$/', '', substr( $text, 0, 57 ) ) . '...' : $text;
	}
}
