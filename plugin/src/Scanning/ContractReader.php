<?php
/**
 * Reads a route file's contract (argument and response schemas, docblocks) from its attributes.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * `#[Args([...])]` on the class applies to every verb; on a verb it adds to (and per parameter
 * replaces) the class's. `#[Returns([...])]` on a verb (or the class) declares the response. Both
 * are read from the tokens as literals (LiteralReader), so discovery never runs the file; a value
 * that is not a literal or not a valid schema is a problem naming its line.
 *
 * @phpstan-type Doc array{summary: string, description: string}
 * @phpstan-type VerbContract array{args: array<string, array<string, mixed>>, returns: array<string, mixed>|null, doc: Doc|null}
 * @phpstan-type Contract array{doc: Doc|null, verbs: array<string, VerbContract>}
 */
final class ContractReader {

	public const ARGS    = 'Svc\\Api\\Attribute\\Args';
	public const RETURNS = 'Svc\\Api\\Attribute\\Returns';

	/** @var list<string> */
	private array $problems = array();

	/**
	 * @param list<array<string, mixed>>          $class_attributes Resolved attributes of the class (with `tokens` and `line`).
	 * @param array<string, array<string, mixed>> $methods          Methods keyed by lowercase name (with `attributes` and `doc`).
	 * @param list<string>                        $verbs            The verbs the class implements.
	 * @return array{contract: Contract, problems: list<string>}
	 */
	public static function read( array $class_attributes, array $methods, array $verbs, ?string $class_doc ): array {
		$reader       = new self();
		$class_args   = $reader->schema_of( $class_attributes, self::ARGS, 'the class' ) ?? array();
		$class_return = $reader->schema_of( $class_attributes, self::RETURNS, 'the class' );
		$contracts    = array();
		foreach ( $methods as $name => $method ) {
			$name       = (string) $name;
			$attributes = $method['attributes'] ?? array();
			$is_verb    = in_array( $name, $verbs, true );
			$args       = $reader->schema_of( $attributes, self::ARGS, $name . '()' );
			$returns    = $reader->schema_of( $attributes, self::RETURNS, $name . '()' );
			if ( ! $is_verb ) {
				if ( null !== $args || null !== $returns ) {
					$reader->problems[] = sprintf( '#[Args] and #[Returns] belong on a public verb method (get, post, put, patch, delete), not on %s()', $name );
				}
				continue;
			}
			$contracts[ $name ] = array(
				'args'    => array_merge( $class_args, $args ?? array() ),
				'returns' => $returns ?? $class_return,
				'doc'     => self::doc( isset( $method['doc'] ) && is_string( $method['doc'] ) ? $method['doc'] : null ),
			);
		}
		return array(
			'contract' => array(
				'doc'   => self::doc( $class_doc ),
				'verbs' => $contracts,
			),
			'problems' => $reader->problems,
		);
	}

	/**
	 * The normalized schema given to the attribute named $attribute, or null when there is none
	 * (or it has problems, which are recorded).
	 *
	 * @param list<array<string, mixed>> $attributes
	 * @return array<string, mixed>|null
	 */
	private function schema_of( array $attributes, string $attribute, string $where ): ?array {
		foreach ( $attributes as $found ) {
			if ( 0 !== strcasecmp( $attribute, (string) $found['name'] ) ) {
				continue;
			}
			$short  = substr( $attribute, (int) strrpos( $attribute, '\\' ) + 1 );
			$label  = sprintf( '#[%s] on %s', $short, $where );
			$line   = (int) ( $found['line'] ?? 0 );
			$tokens = $found['tokens'] ?? array();
			$value  = self::argument( is_array( $tokens ) ? array_values( $tokens ) : array(), 'args' === strtolower( $short ) ? 'args' : 'schema', $line );
			if ( isset( $value['error'] ) ) {
				$this->problems[] = sprintf( 'line %d: %s: %s', $value['line'], $label, $value['error'] );
				return null;
			}
			$problems = self::ARGS === $attribute ? SchemaRules::args_problems( $value['value'] ) : SchemaRules::schema_problems( $value['value'] );
			foreach ( $problems as $problem ) {
				$this->problems[] = sprintf(
					'line %d: %s%s: %s',
					$value['lines']->line_of( $problem['pointer'], $line ),
					$label,
					'' === $problem['pointer'] ? '' : sprintf( ' at "%s"', str_replace( '/', '.', ltrim( $problem['pointer'], '/' ) ) ),
					$problem['message']
				);
			}
			if ( array() !== $problems || ! is_array( $value['value'] ) ) {
				return null;
			}
			if ( self::ARGS === $attribute ) {
				return array_map( static fn ( $schema ): array => SchemaRules::normalize( (array) $schema ), $value['value'] );
			}
			return SchemaRules::normalize( $value['value'] );
		}
		return null;
	}

	/**
	 * The one argument of the attribute: named $name, or the first positional one.
	 *
	 * @param list<PhpToken> $tokens From `(` to `)`.
	 * @return array{value: mixed, lines: ValueLines}|array{error: string, line: int}
	 */
	private static function argument( array $tokens, string $name, int $line ): array {
		$arguments = ArgumentList::split( $tokens );
		if ( 1 !== count( $arguments ) ) {
			return array(
				'error' => sprintf( 'takes exactly one argument, the schema array; found %d', count( $arguments ) ),
				'line'  => $line,
			);
		}
		$argument = $arguments[0];
		if ( count( $argument ) >= 2 && ':' === $argument[1]->text ) {
			if ( $argument[0]->text !== $name ) {
				return array(
					'error' => sprintf( 'has no parameter "%s"; its one parameter is "%s"', $argument[0]->text, $name ),
					'line'  => $argument[0]->line,
				);
			}
			$argument = array_slice( $argument, 2 );
		}
		return LiteralReader::read( $argument, $line );
	}

	/**
	 * A docblock's summary (first paragraph) and description (the rest), tags left out.
	 *
	 * @return Doc|null
	 */
	public static function doc( ?string $comment ): ?array {
		if ( null === $comment ) {
			return null;
		}
		$text  = (string) preg_replace( array( '#^/\*\*#', '#\*/$#' ), '', trim( $comment ) );
		$lines = array();
		foreach ( explode( "\n", $text ) as $line ) {
			$line = (string) preg_replace( '/^\s*\*? ?/', '', rtrim( $line ) );
			if ( str_starts_with( ltrim( $line ), '@' ) ) {
				break;
			}
			$lines[] = $line;
		}
		$paragraphs = preg_split( '/\n\s*\n/', trim( implode( "\n", $lines ) ), 2 );
		$summary    = trim( (string) preg_replace( '/\s+/', ' ', $paragraphs[0] ?? '' ) );
		if ( '' === $summary ) {
			return null;
		}
		return array(
			'summary'     => $summary,
			'description' => trim( $paragraphs[1] ?? '' ),
		);
	}
}
