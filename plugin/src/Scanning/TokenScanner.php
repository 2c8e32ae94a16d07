<?php
/**
 * Reads a route file's tokens; never runs it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use ParseError;
use PhpToken;

/**
 * Discovers the one class of a route file, its methods and its Permission attributes from tokens.
 *
 * `TOKEN_PARSE` makes the tokenizer run PHP's parser too, so syntax errors are found without
 * executing anything (compile-time-only errors are left to `php -l` and boot isolation).
 */
final class TokenScanner {

	private const STRICT_TYPES_TEXT = '/declare\s*\(\s*strict_types\s*=\s*1\s*\)\s*;/i';

	private const MODIFIERS = array(
		T_PUBLIC    => 'public',
		T_PROTECTED => 'protected',
		T_PRIVATE   => 'private',
		T_STATIC    => 'static',
		T_ABSTRACT  => 'abstract',
		T_FINAL     => 'final',
		T_READONLY  => 'readonly',
		T_VAR       => 'public',
	);

	/** @var list<PhpToken> Significant tokens only. */
	private array $tokens = array();
	private int $count    = 0;
	private NameResolver $names;
	/** @var array<int, string> Index of a significant token => the doc comment right before it. */
	private array $docs = array();

	/**
	 * Attributes a file may have (route files have tens): past it the file is refused, and the
	 * scan stops keeping them, so that a legal-size file of 170,000 `#[A]` costs neither the
	 * memory nor the time of holding each (a PHP-FPM default memory_limit of 128 MB died on it).
	 */
	public const MAX_ATTRIBUTES = 1000;

	/** Reads the attribute groups of $tokens, counting them against MAX_ATTRIBUTES. */
	private AttributeGroups $groups;

	private function __construct() {
		$this->names = new NameResolver();
	}

	/**
	 * @param string $label How errors name the file, e.g. `users/[id].php`.
	 */
	public static function scan( string $source, string $label = 'the file' ): ScanResult {
		// A 512 KB file is a quarter of a million token objects: PHP's cycle collector would walk all of
		// them each time its root buffer fills, which made the scan grow faster than the file. The scan
		// makes no reference cycles, so the collector has nothing to find here.
		$collecting = gc_enabled();
		if ( $collecting ) {
			gc_disable();
		}
		try {
			return ( new self() )->run( $source, $label );
		} finally {
			if ( $collecting ) {
				gc_enable();
			}
		}
	}

	private function run( string $source, string $label ): ScanResult {
		$strict_count = preg_match_all( self::STRICT_TYPES_TEXT, $source );
		try {
			$all = PhpToken::tokenize( $source, TOKEN_PARSE );
		} catch ( ParseError $error ) {
			$strict_real = null !== DeclareLocator::end_offset( $source );
			// Nothing is read past a parse error, so only the first statement is known.
			return new ScanResult(
				sprintf( 'PHP Parse error: %s in %s on line %d', $error->getMessage(), $label, $error->getLine() ),
				(int) $strict_count,
				$strict_real,
				array(),
				array(),
				array(),
				false,
				strict_types_place: $strict_real ? 'first' : 'nowhere'
			);
		}
		$strict_real = null !== DeclareLocator::end_offset_in( $all );
		$doc         = null;
		foreach ( $all as $token ) {
			if ( $token->is( T_DOC_COMMENT ) ) {
				// Kept for the contract: a class's or verb's docblock is its summary in the OpenAPI document.
				$doc = $token->text;
				continue;
			}
			if ( ! $token->isIgnorable() && ! $token->is( T_INLINE_HTML ) && ! $token->is( T_OPEN_TAG_WITH_ECHO ) ) {
				if ( null !== $doc ) {
					$this->docs[ count( $this->tokens ) ] = $doc;
					$doc                                  = null;
				}
				$this->tokens[] = $token;
			}
		}
		// Whitespace and comments are most of a file's tokens: not kept while the rest is read.
		unset( $all );
		$this->count  = count( $this->tokens );
		$this->groups = new AttributeGroups( $this->tokens, $source );
		$strict_place = $strict_real ? 'first' : $this->strict_types_later( $source, (int) $strict_count );

		$classes          = array();
		$others           = array();
		$functions        = array();
		$methods          = array();
		$class_attributes = array();
		$abstract         = false;
		$inherits         = false;
		$class_doc        = null;
		$pending          = array();
		$depth            = 0;
		// Imports and top-level functions sit one level deeper in a braced `namespace X { … }`.
		$top = 0;

		for ( $i = 0; $i < $this->count; $i++ ) {
			$token = $this->tokens[ $i ];
			if ( '{' === $token->text || $token->is( T_CURLY_OPEN ) || $token->is( T_DOLLAR_OPEN_CURLY_BRACES ) ) {
				++$depth;
				continue;
			}
			if ( '}' === $token->text ) {
				--$depth;
				continue;
			}
			if ( $token->is( T_ATTRIBUTE ) ) {
				$i = $this->groups->read( $i, $group );
				foreach ( $group as $attribute ) {
					$pending[] = $attribute;
				}
				continue;
			}
			if ( 0 === $depth && $token->is( T_NAMESPACE ) && ( '{' === $this->at( $i + 1 )?->text || $this->at( $i + 1 )?->is( array( T_STRING, T_NAME_QUALIFIED ) ) ) ) {
				$named = '{' !== $this->tokens[ $i + 1 ]->text;
				$this->names->enter( $named ? $this->tokens[ $i + 1 ]->text : '' );
				$top = '{' === $this->at( $named ? $i + 2 : $i + 1 )?->text ? 1 : 0;
				continue;
			}
			if ( $top === $depth && $token->is( T_USE ) ) {
				$i = $this->names->read_use( $this->tokens, $i );
				continue;
			}
			if ( $top === $depth && $token->is( T_FUNCTION ) ) {
				// A named function at the top level is declared when the file is included; a
				// closure (`function (`) is not, nor is one nested in a block (conditional).
				$name_index = '&' === $this->at( $i + 1 )?->text || $this->at( $i + 1 )?->is( T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG ) ? $i + 2 : $i + 1;
				if ( $this->at( $name_index )?->is( T_STRING ) ) {
					$name        = $this->tokens[ $name_index ]->text;
					$functions[] = $this->names->declared( $name );
				}
				$pending = array();
				continue;
			}
			if ( $token->is( array( T_INTERFACE, T_TRAIT, T_ENUM ) ) && $this->at( $i + 1 )?->is( T_STRING ) && ! $this->after_member_access( $i ) ) {
				// Not instantiable, but their names share the class table: they clash like a class.
				$name            = $this->tokens[ $i + 1 ]->text;
				$full            = $this->names->declared( $name );
				$kinds           = array(
					T_INTERFACE => 'interface',
					T_TRAIT     => 'trait',
					T_ENUM      => 'enum',
				);
				$others[ $full ] = $kinds[ $token->id ];
				$pending         = array();
				continue;
			}
			if ( $token->is( T_CLASS ) && $this->is_class_declaration( $i ) ) {
				$name      = $this->tokens[ $i + 1 ]->text;
				$classes[] = $this->names->declared( $name );
				if ( 1 === count( $classes ) ) {
					$abstract         = $this->preceded_by_abstract( $i );
					$class_attributes = $this->resolve_attributes( self::take( $pending ) );
					$class_doc        = $this->doc_between( $this->declaration_start( $i ), $i );
					$i                = $this->read_class_body( $i, $methods, $inherits );
				}
				$pending = array();
				continue;
			}
			if ( ! $token->is( T_ABSTRACT ) && ! $token->is( T_FINAL ) && ! $token->is( T_READONLY ) ) {
				$pending = array();
			}
		}

		$too_many = $this->groups->too_many();
		$scan     = new ScanResult( null, (int) $strict_count, $strict_real, $classes, $methods, $class_attributes, $abstract, $functions, $inherits, $others, null, array(), $too_many, $strict_place );
		$contract = ContractReader::read( $class_attributes, $methods, $scan->verbs(), $class_doc );
		return $scan->with_contract( $contract['contract'], $contract['problems'] );
	}

	/**
	 * Where a strict_types declare that is not the first statement is: a real statement further down
	 * (which PHP refuses to compile), or none at all (only text in a comment or a string). Looked for
	 * only when the file mentions it once and not first, which ordinary files never do.
	 */
	private function strict_types_later( string $source, int $mentions ): string {
		if ( 1 !== $mentions ) {
			return 'nowhere';
		}
		for ( $i = 0; $i + 2 < $this->count; $i++ ) {
			if ( $this->tokens[ $i ]->is( T_DECLARE ) && '(' === $this->tokens[ $i + 1 ]->text && 0 === strcasecmp( 'strict_types', $this->tokens[ $i + 2 ]->text ) ) {
				return str_starts_with( $source, "\xEF\xBB\xBF" ) ? 'after_bom' : 'later';
			}
		}
		return 'nowhere';
	}

	/**
	 * The first doc comment found before a token from $from to $to.
	 */
	private function doc_between( int $from, int $to ): ?string {
		for ( $k = $from; $k <= $to; $k++ ) {
			if ( isset( $this->docs[ $k ] ) ) {
				return $this->docs[ $k ];
			}
		}
		return null;
	}

	/**
	 * Where the declaration whose keyword is at $index starts: its attribute groups and modifiers.
	 */
	private function declaration_start( int $index ): int {
		$j = $index - 1;
		while ( $j >= 0 ) {
			$token = $this->tokens[ $j ];
			if ( ']' === $token->text ) {
				$j = $this->attribute_start( $j ) - 1;
			} elseif ( $token->is( array( T_ABSTRACT, T_FINAL, T_READONLY ) ) ) {
				--$j;
			} else {
				break;
			}
		}
		return $j + 1;
	}

	private function at( int $index ): ?PhpToken {
		return $this->tokens[ $index ] ?? null;
	}

	private function after_member_access( int $index ): bool {
		$previous = $this->at( $index - 1 );
		return null !== $previous && $previous->is( array( T_DOUBLE_COLON, T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR ) );
	}

	/**
	 * A `class` keyword that declares a named class: not `Foo::class`, not `new class`.
	 */
	private function is_class_declaration( int $index ): bool {
		$previous = $this->at( $index - 1 );
		if ( null !== $previous && ( $previous->is( T_DOUBLE_COLON ) || $previous->is( T_NEW ) ) ) {
			return false;
		}
		// `new #[Attr] class {}` is anonymous too: walk back over the attribute groups.
		for ( $j = $index - 1; $j >= 0 && ']' === $this->tokens[ $j ]->text; ) {
			$j = $this->attribute_start( $j ) - 1;
			if ( $j >= 0 && $this->tokens[ $j ]->is( T_NEW ) ) {
				return false;
			}
		}
		return $this->at( $index + 1 )?->is( T_STRING ) ?? false;
	}

	private function attribute_start( int $close ): int {
		$depth = 0;
		for ( $j = $close; $j >= 0; $j-- ) {
			$text = $this->tokens[ $j ]->text;
			if ( ']' === $text ) {
				++$depth;
			} elseif ( '[' === $text || $this->tokens[ $j ]->is( T_ATTRIBUTE ) ) {
				--$depth;
				if ( 0 === $depth ) {
					return $j;
				}
			}
		}
		return 0;
	}

	private function preceded_by_abstract( int $index ): bool {
		for ( $j = $index - 1; $j >= 0; $j-- ) {
			$token = $this->tokens[ $j ];
			if ( $token->is( T_ABSTRACT ) ) {
				return true;
			}
			if ( ! $token->is( T_FINAL ) && ! $token->is( T_READONLY ) ) {
				return false;
			}
		}
		return false;
	}

	/**
	 * The list, emptied where it was: held in one place only, its attributes are changed in place
	 * (resolve_attributes()) instead of copied.
	 *
	 * @param list<array{name:string, public:bool, written:string|null, publics:int, unknown:list<string>, tokens:list<PhpToken>, line:int}> $attributes
	 * @return list<array{name:string, public:bool, written:string|null, publics:int, unknown:list<string>, tokens:list<PhpToken>, line:int}>
	 */
	private static function take( array &$attributes ): array {
		$taken      = $attributes;
		$attributes = array();
		return $taken;
	}

	/**
	 * Resolves attribute names as PHP would, so only the real Permission attribute counts.
	 *
	 * @param list<array{name:string, public:bool, written:string|null, publics:int, unknown:list<string>, tokens:list<PhpToken>, line:int}> $attributes Names as written.
	 * @return list<array{name:string, public:bool, written:string|null, publics:int, unknown:list<string>, tokens:list<PhpToken>, line:int}>
	 */
	private function resolve_attributes( array $attributes ): array {
		// Names are replaced in place: a copy of every attribute would double what a file with
		// 100,000 of them costs in memory.
		foreach ( $attributes as &$attribute ) {
			$attribute['name'] = $this->names->resolve( $attribute['name'] );
		}
		unset( $attribute );
		return $attributes;
	}

	/**
	 * Reads the class body from the `class` keyword, collecting its methods.
	 *
	 * @param array<string, array<string,mixed>> $methods  Out: methods keyed by lowercase name.
	 * @param bool                               $inherits Out: whether the class extends another or
	 *                                                     uses a trait (methods and attributes from elsewhere).
	 * @return int Index of the body's closing `}`.
	 */
	private function read_class_body( int $start, array &$methods, bool &$inherits ): int {
		$i        = $start;
		$inherits = false;
		while ( $i < $this->count && '{' !== $this->tokens[ $i ]->text ) {
			$inherits = $inherits || $this->tokens[ $i ]->is( T_EXTENDS );
			++$i;
		}
		$depth     = 0;
		$modifiers = array();
		// A member's attributes, appended one by one: merging each group into the list so far copied
		// the list every time (120,000 attributes on one method took minutes).
		$attributes = array();
		$member     = null;
		for ( ; $i < $this->count; $i++ ) {
			$token = $this->tokens[ $i ];
			$text  = $token->text;
			if ( '{' === $text || $token->is( T_CURLY_OPEN ) || $token->is( T_DOLLAR_OPEN_CURLY_BRACES ) ) {
				++$depth;
				$modifiers  = array();
				$attributes = array();
				continue;
			}
			if ( '}' === $text ) {
				--$depth;
				if ( 0 === $depth ) {
					return $i;
				}
				$modifiers  = array();
				$attributes = array();
				continue;
			}
			if ( 1 !== $depth ) {
				continue;
			}
			if ( ';' === $text ) {
				$modifiers  = array();
				$attributes = array();
				continue;
			}
			if ( $token->is( T_USE ) ) {
				$inherits = true;
				continue;
			}
			if ( array() === $modifiers && array() === $attributes ) {
				// The member's declaration starts here: its docblock is before this token or a later one.
				$member = $i;
			}
			if ( $token->is( T_ATTRIBUTE ) ) {
				$i = $this->groups->read( $i, $group );
				foreach ( $group as $attribute ) {
					$attributes[] = $attribute;
				}
				continue;
			}
			if ( isset( self::MODIFIERS[ $token->id ] ) ) {
				$modifiers[] = self::MODIFIERS[ $token->id ];
				continue;
			}
			if ( $token->is( T_FUNCTION ) ) {
				$name_index                     = '&' === $this->at( $i + 1 )?->text || $this->at( $i + 1 )?->is( T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG ) ? $i + 2 : $i + 1;
				$name                           = null === $this->at( $name_index ) ? '' : $this->at( $name_index )->text;
				$visibility                     = in_array( 'private', $modifiers, true ) ? 'private' : ( in_array( 'protected', $modifiers, true ) ? 'protected' : 'public' );
				$methods[ strtolower( $name ) ] = array(
					'name'       => $name,
					'visibility' => $visibility,
					'attributes' => $this->resolve_attributes( self::take( $attributes ) ),
					'doc'        => $this->doc_between( $member ?? $i, $i ),
				);
				$modifiers                      = array();
				$attributes                     = array();
			}
		}
		return $i;
	}
}
