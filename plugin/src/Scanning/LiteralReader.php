<?php
/**
 * Reads a constant PHP literal (an array of strings, numbers, booleans, null) from tokens.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * Route files declare their argument schemas as literals in attributes; svc reads them from the
 * tokens, as it reads Permission, so that discovering a file never runs it. Anything that is not a
 * literal (a constant, a call, a concatenation) is refused with its line: its value is only known by
 * running the file.
 *
 * Values come with `lines`: the line each value starts on, found by its JSON pointer (`/id/type`,
 * ValueLines), so that a problem found later in the value can name its line.
 *
 * Arrays nest at most MAX_DEPTH deep: no schema needs more, and what reads the value next (the
 * schema rules, WordPress's validation) walks it recursively, building a pointer per level.
 *
 * @phpstan-type Read array{value: mixed, lines: ValueLines}
 * @phpstan-type Failure array{error: string, line: int}
 */
final class LiteralReader {

	public const MAX_DEPTH = 64;

	private int $at    = 0;
	private int $depth = 0;
	private ValueLines $lines;

	/**
	 * @param list<PhpToken> $tokens Significant tokens of one expression, nothing else.
	 */
	private function __construct( private readonly array $tokens, private readonly int $fallback_line ) {
		$this->lines = new ValueLines();
	}

	/**
	 * @param list<PhpToken> $tokens       Significant tokens of one expression.
	 * @param int            $fallback_line Line to report when there are no tokens.
	 * @return Read|Failure
	 */
	public static function read( array $tokens, int $fallback_line ): array {
		$reader = new self( $tokens, $fallback_line );
		try {
			$value = $reader->value( 0 );
			if ( $reader->at < count( $tokens ) ) {
				$reader->refuse( $tokens[ $reader->at ] );
			}
		} catch ( NotLiteral $problem ) {
			return array(
				'error' => $problem->getMessage(),
				'line'  => $problem->getCode(),
			);
		}
		return array(
			'value' => $value,
			'lines' => $reader->lines,
		);
	}

	private function peek(): ?PhpToken {
		return $this->tokens[ $this->at ] ?? null;
	}

	/**
	 * @param int $number The value's number in $lines.
	 */
	private function value( int $number ): mixed {
		$token = $this->peek();
		if ( null === $token ) {
			throw new NotLiteral( 'a value is missing', $this->last_line() );
		}
		$this->lines->set( $number, $token->line );
		$text = $token->text;
		if ( '[' === $text ) {
			++$this->at;
			return $this->elements( ']', $number, $token );
		}
		if ( $token->is( T_ARRAY ) && '(' === ( $this->tokens[ $this->at + 1 ]->text ?? null ) ) {
			$this->at += 2;
			return $this->elements( ')', $number, $token );
		}
		if ( $token->is( T_CONSTANT_ENCAPSED_STRING ) ) {
			++$this->at;
			return self::string_value( $text );
		}
		if ( '-' === $text || '+' === $text ) {
			++$this->at;
			$next = $this->peek();
			if ( null === $next || ! $next->is( array( T_LNUMBER, T_DNUMBER ) ) ) {
				$this->refuse( $token );
			}
			$signed = $this->value( $number );
			return '-' === $text ? -$signed : $signed;
		}
		if ( $token->is( T_LNUMBER ) ) {
			++$this->at;
			return self::integer_value( $text );
		}
		if ( $token->is( T_DNUMBER ) ) {
			++$this->at;
			return (float) str_replace( '_', '', $text );
		}
		// Only a short name can be a constant: lowering a long one would copy it for nothing.
		$lower = strlen( $text ) <= 6 ? strtolower( ltrim( $text, '\\' ) ) : '';
		if ( $token->is( array( T_STRING, T_NAME_FULLY_QUALIFIED ) ) && in_array( $lower, array( 'true', 'false', 'null' ), true ) ) {
			++$this->at;
			return 'null' === $lower ? null : 'true' === $lower;
		}
		$this->refuse( $token );
	}

	/**
	 * @return array<int|string, mixed>
	 */
	private function elements( string $close, int $number, PhpToken $open ): array {
		if ( ++$this->depth > self::MAX_DEPTH ) {
			throw new NotLiteral( sprintf( 'arrays nest more than %d deep', self::MAX_DEPTH ), $open->line );
		}
		$items = array();
		$next  = 0;
		while ( true ) {
			$token = $this->peek();
			if ( null === $token ) {
				throw new NotLiteral( sprintf( 'the array is not closed with "%s"', $close ), $this->last_line() );
			}
			if ( $close === $token->text ) {
				++$this->at;
				--$this->depth;
				return $items;
			}
			$start = $this->at;
			$first = $this->value( $this->lines->child( $number, $next, $token->line ) );
			if ( $this->peek()?->is( T_DOUBLE_ARROW ) ) {
				if ( ! is_int( $first ) && ! is_string( $first ) ) {
					throw new NotLiteral( 'an array key must be a string or an integer', $this->tokens[ $start ]->line );
				}
				++$this->at;
				$key           = $first;
				$items[ $key ] = $this->value( $this->lines->child( $number, $key, $this->tokens[ $start ]->line ) );
				$next          = is_int( $key ) ? max( $next, $key + 1 ) : $next;
			} else {
				$items[ $next ] = $first;
				++$next;
			}
			$after = $this->peek();
			if ( null !== $after && ',' === $after->text ) {
				++$this->at;
			} elseif ( null === $after || $close !== $after->text ) {
				$this->refuse( $after ?? $token );
			}
		}
	}

	/**
	 * @return never
	 */
	private function refuse( PhpToken $token ): void {
		throw new NotLiteral(
			sprintf( 'only literal values (strings, numbers, true, false, null, arrays) can be read without running the file; found "%s"', $token->text ),
			$token->line
		);
	}

	private function last_line(): int {
		$count = count( $this->tokens );
		return 0 === $count ? $this->fallback_line : $this->tokens[ $count - 1 ]->line;
	}

	/**
	 * A code point as UTF-8, as PHP's `\u{…}` escape gives it (without needing mbstring).
	 */
	private static function utf8( int $code ): string {
		if ( $code < 0x80 ) {
			return chr( $code );
		}
		if ( $code < 0x800 ) {
			return chr( 0xC0 | $code >> 6 ) . chr( 0x80 | $code & 0x3F );
		}
		if ( $code < 0x10000 ) {
			return chr( 0xE0 | $code >> 12 ) . chr( 0x80 | $code >> 6 & 0x3F ) . chr( 0x80 | $code & 0x3F );
		}
		return chr( 0xF0 | $code >> 18 ) . chr( 0x80 | $code >> 12 & 0x3F ) . chr( 0x80 | $code >> 6 & 0x3F ) . chr( 0x80 | $code & 0x3F );
	}

	private static function integer_value( string $text ): int|float {
		$digits = strtolower( str_replace( '_', '', $text ) );
		if ( str_starts_with( $digits, '0o' ) ) {
			$digits = '0' . substr( $digits, 2 );
		}
		$value = intval( $digits, 0 );
		// PHP makes a float of an integer literal too large for int.
		return PHP_INT_MAX === $value && (string) PHP_INT_MAX !== $digits ? (float) $digits : $value;
	}

	private static function string_value( string $text ): string {
		$body = substr( $text, 1, -1 );
		if ( "'" === $text[0] ) {
			return (string) preg_replace( '/\\\\([\\\\\'])/', '$1', $body );
		}
		// Double-quoted without interpolation (the tokenizer gives interpolated ones other tokens).
		return (string) preg_replace_callback(
			'/\\\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[nrtvef\\\\$"])/',
			static function ( array $match ): string {
				$escape = $match[1];
				$simple = array(
					'n'  => "\n",
					'r'  => "\r",
					't'  => "\t",
					'v'  => "\v",
					'e'  => "\e",
					'f'  => "\f",
					'\\' => '\\',
					'$'  => '$',
					'"'  => '"',
				);
				if ( isset( $simple[ $escape ] ) ) {
					return $simple[ $escape ];
				}
				if ( 'u' === $escape[0] ) {
					return self::utf8( (int) hexdec( substr( $escape, 2, -1 ) ) );
				}
				if ( 'x' === $escape[0] ) {
					return chr( (int) hexdec( substr( $escape, 1 ) ) );
				}
				return chr( (int) octdec( $escape ) & 0xFF );
			},
			$body
		);
	}
}
