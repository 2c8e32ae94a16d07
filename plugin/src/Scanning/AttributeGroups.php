<?php
/**
 * Reads a route file's attribute groups, `#[A, B(args)]`, from its significant tokens.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * Each attribute as written (its name, what Permission's arguments say, its argument tokens, its
 * line), and how many the file has: past TokenScanner::MAX_ATTRIBUTES they are counted, not kept.
 */
final class AttributeGroups {

	private const NAME_TOKENS = array( T_STRING, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED, T_NAME_RELATIVE );

	/** Attributes read so far, kept or not. */
	private int $count = 0;

	/**
	 * @param list<PhpToken> $tokens The file's significant tokens (TokenScanner's).
	 * @param string         $source The file, to quote what an argument says.
	 */
	public function __construct( private readonly array $tokens, private readonly string $source ) {
	}

	/**
	 * Why the file is refused for its number of attributes (RouteRules says it as
	 * svc_too_many_attributes); null when it has at most TokenScanner::MAX_ATTRIBUTES.
	 */
	public function too_many(): ?string {
		if ( $this->count <= TokenScanner::MAX_ATTRIBUTES ) {
			return null;
		}
		/* translators: 1: attributes in the file, 2: the most svc reads */
		return sprintf( __( 'the file has %1$s attributes; svc reads at most %2$s in a route file', 'svc' ), number_format( $this->count ), number_format( TokenScanner::MAX_ATTRIBUTES ) );
	}

	/**
	 * Reads `#[A, B(args)]` starting at the `#[` token.
	 *
	 * @param mixed $group Out: the attributes, names as written.
	 * @param-out list<array{name:string, public:bool, written:string|null, publics:int, unknown:list<string>, tokens:list<PhpToken>, line:int}> $group
	 * @return int Index of the closing `]`.
	 */
	public function read( int $start, mixed &$group ): int {
		$group   = array();
		$depth   = 1;
		$current = null;
		$line    = 0;
		$args    = array();
		for ( $i = $start + 1, $end = count( $this->tokens ); $i < $end; $i++ ) {
			$token = $this->tokens[ $i ];
			$text  = $token->text;
			if ( '[' === $text || '(' === $text || $token->is( T_ATTRIBUTE ) ) {
				++$depth;
			} elseif ( ']' === $text || ')' === $text ) {
				--$depth;
				if ( 0 === $depth ) {
					break;
				}
			}
			if ( 1 === $depth && ',' === $text ) {
				if ( null !== $current && ++$this->count <= TokenScanner::MAX_ATTRIBUTES ) {
					$group[] = $this->attribute( $current, $line, $args );
				}
				$current = null;
				$args    = array();
				continue;
			}
			if ( null === $current && 1 === $depth && $token->is( self::NAME_TOKENS ) ) {
				$current = $text;
				$line    = $token->line;
				continue;
			}
			if ( null !== $current && ( $depth > 1 || ')' === $text ) ) {
				$args[] = $token;
			}
		}
		if ( null !== $current && ++$this->count <= TokenScanner::MAX_ATTRIBUTES ) {
			$group[] = $this->attribute( $current, $line, $args );
		}
		return $i;
	}

	/**
	 * One attribute as written: its name, what Permission's arguments say, and its argument tokens
	 * (an Args or Returns schema is read from them).
	 *
	 * @param list<PhpToken> $args Tokens from `(` to `)`.
	 * @return array{name:string, public:bool, written:string|null, publics:int, unknown:list<string>, tokens:list<PhpToken>, line:int}
	 */
	private function attribute( string $name, int $line, array $args ): array {
		return array( 'name' => $name ) + PermissionArguments::read( $args, $this->source ) + array(
			'tokens' => $args,
			'line'   => $line,
		);
	}
}
