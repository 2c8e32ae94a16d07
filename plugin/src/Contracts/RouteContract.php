<?php
/**
 * What a manifest entry's contract means for registering its route.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Contracts;

use Svc\Routing\Slug;
use Svc\Scanning\ContractReader;

/**
 * Reads the `contract` a manifest entry carries (ContractReader's output, its docblocks dropped
 * for the manifest: `without_docs()`; the OpenAPI document reads them back from the file). Pure.
 *
 * @phpstan-import-type Doc from ContractReader
 * @phpstan-import-type Contract from ContractReader
 * @phpstan-type StoredVerb array{args: array<string, array<string, mixed>>, returns: array<string, mixed>|null, doc?: Doc|null}
 * @phpstan-type StoredContract array{doc?: Doc|null, verbs: array<string, StoredVerb>}
 * @phpstan-type WithContract array{contract?: StoredContract|null}
 */
final class RouteContract {

	/**
	 * The verb's argument schemas as `register_rest_route()` takes them. The callbacks are named
	 * so that WordPress validates every argument, also one whose schema has no top-level `type`
	 * (`anyOf`), which it would otherwise pass through unchecked.
	 *
	 * @param WithContract $entry
	 * @return array<string, array<string, mixed>>
	 */
	public static function wp_args( array $entry, string $verb ): array {
		$args = array();
		foreach ( self::args( $entry, $verb ) as $name => $schema ) {
			$args[ $name ] = $schema + array(
				'validate_callback' => 'rest_validate_request_arg',
				'sanitize_callback' => 'rest_sanitize_request_arg',
			);
		}
		return $args;
	}

	/**
	 * @param WithContract $entry
	 * @return array<string, array<string, mixed>>
	 */
	public static function args( array $entry, string $verb ): array {
		return $entry['contract']['verbs'][ $verb ]['args'] ?? array();
	}

	/**
	 * @param WithContract $entry
	 * @return array<string, mixed>|null
	 */
	public static function returns( array $entry, string $verb ): ?array {
		return $entry['contract']['verbs'][ $verb ]['returns'] ?? null;
	}

	/**
	 * The contract as the manifest keeps it: schemas only, no docblocks; null when none is declared.
	 *
	 * @param Contract|null $contract
	 * @return StoredContract|null
	 */
	public static function without_docs( ?array $contract ): ?array {
		if ( null === $contract ) {
			return null;
		}
		$stored   = array( 'verbs' => array() );
		$declared = false;
		foreach ( $contract['verbs'] as $verb => $schemas ) {
			$stored['verbs'][ $verb ] = array(
				'args'    => $schemas['args'],
				'returns' => $schemas['returns'],
			);
			$declared                 = $declared || array() !== $schemas['args'] || null !== $schemas['returns'];
		}
		// A file that declares no schema keeps none: most files, and every byte is on each read.
		return $declared ? $stored : null;
	}

	/**
	 * A docblock's summary and description: the verb's own, else the class's.
	 *
	 * @param WithContract $entry
	 * @return array{summary: string, description: string}|null
	 */
	public static function doc( array $entry, string $verb ): ?array {
		return $entry['contract']['verbs'][ $verb ]['doc'] ?? $entry['contract']['doc'] ?? null;
	}

	/**
	 * The type of each dynamic segment that every verb of the route declares alike: `[id]` declared
	 * `integer` by all of them matches digits only (any other path is no route). A segment some verb
	 * leaves undeclared, or declares otherwise, keeps matching any segment.
	 *
	 * @param array{verbs?: list<string>, contract?: StoredContract|null} $entry An entry, or one being made.
	 * @return array<string, string>
	 */
	public static function segment_types( array $entry, string $slug ): array {
		$verbs = $entry['verbs'] ?? array();
		if ( array() === $verbs ) {
			return array();
		}
		$types = array();
		foreach ( Slug::params( $slug ) as $param ) {
			$agreed = null;
			foreach ( $verbs as $verb ) {
				$type = self::args( $entry, (string) $verb )[ $param ]['type'] ?? null;
				if ( ! is_string( $type ) || ( null !== $agreed && $agreed !== $type ) ) {
					$agreed = null;
					break;
				}
				$agreed = $type;
			}
			if ( null !== $agreed ) {
				$types[ $param ] = $agreed;
			}
		}
		return $types;
	}
}
