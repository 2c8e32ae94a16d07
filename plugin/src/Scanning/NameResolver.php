<?php
/**
 * Resolves class names written in a route file the way PHP's compiler does.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * What an attribute's name means depends on the namespace it is written in and on the `use`
 * statements before it; [PUBLIC] is only the truth if svc reads them as PHP does: every import,
 * aliased (`use X\Permission as Open`, `use Svc\Api\Attribute as A`) or grouped
 * (`use Svc\Api\Attribute\{Permission as P}`), fully qualified and `namespace\` names, and class
 * names compared without case. Function and constant imports never name a class.
 */
final class NameResolver {

	private const NAME_TOKENS = array( T_STRING, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED );

	private string $namespace = '';
	/** @var array<string, string> Lowercase alias => fully qualified name. */
	private array $imports = array();

	/**
	 * Enters a namespace (`namespace X;`, `namespace X {`, or `namespace {` for the global one):
	 * imports belong to the namespace they are written in.
	 */
	public function enter( string $namespace ): void {
		$this->namespace = trim( $namespace, '\\' );
		$this->imports   = array();
	}

	/**
	 * The full name of something declared here under $name.
	 */
	public function declared( string $name ): string {
		return '' === $this->namespace ? $name : $this->namespace . '\\' . $name;
	}

	/**
	 * The fully qualified class name (without leading backslash) $written stands for.
	 */
	public function resolve( string $written ): string {
		if ( str_starts_with( $written, '\\' ) ) {
			return substr( $written, 1 );
		}
		if ( 0 === strncasecmp( $written, 'namespace\\', 10 ) ) {
			return $this->declared( substr( $written, 10 ) );
		}
		$parts = explode( '\\', $written, 2 );
		$first = strtolower( $parts[0] );
		if ( isset( $this->imports[ $first ] ) ) {
			return $this->imports[ $first ] . ( isset( $parts[1] ) ? '\\' . $parts[1] : '' );
		}
		return $this->declared( $written );
	}

	/**
	 * Reads a top-level `use` statement into the import table.
	 *
	 * @param list<PhpToken> $tokens Significant tokens of the file.
	 * @param int            $start  Index of the `use` keyword.
	 * @return int Index of the statement's closing `;` ($start when this `use` imports nothing,
	 *             like a closure's `use (…)`).
	 */
	public function read_use( array $tokens, int $start ): int {
		$count = count( $tokens );
		$i     = $start + 1;
		if ( '(' === ( $tokens[ $i ]->text ?? null ) ) {
			return $start;
		}
		// `use function …;` and `use const …;` import no class.
		$skip_all = isset( $tokens[ $i ] ) && $tokens[ $i ]->is( array( T_FUNCTION, T_CONST ) );
		$prefix   = '';
		$name     = null;
		$alias    = null;
		$skip     = $skip_all;
		$as       = false;
		for ( ; $i < $count; $i++ ) {
			$token = $tokens[ $i ];
			$text  = $token->text;
			if ( ';' === $text || ',' === $text || '}' === $text ) {
				if ( null !== $name && ! $skip ) {
					$this->import( '' === $prefix ? $name : $prefix . '\\' . $name, $alias );
				}
				$name  = null;
				$alias = null;
				$as    = false;
				$skip  = $skip_all;
				if ( ';' === $text ) {
					return $i;
				}
				continue;
			}
			if ( '{' === $text ) {
				// `use A\B\{C, D as E}`: what came before the brace prefixes every item.
				$prefix = (string) $name;
				$name   = null;
				continue;
			}
			if ( $token->is( T_AS ) ) {
				$as = true;
			} elseif ( $as ) {
				$alias = $text;
			} elseif ( $token->is( array( T_FUNCTION, T_CONST ) ) ) {
				// A mixed group: `use A\{B, function c, const D}`.
				$skip = true;
			} elseif ( $token->is( self::NAME_TOKENS ) ) {
				$name = $text;
			}
		}
		return $i;
	}

	private function import( string $name, ?string $alias ): void {
		$full = trim( $name, '\\' );
		if ( null === $alias ) {
			$cut   = strrpos( $full, '\\' );
			$alias = false === $cut ? $full : substr( $full, $cut + 1 );
		}
		$this->imports[ strtolower( $alias ) ] = $full;
	}
}
