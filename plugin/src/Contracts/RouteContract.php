<?php
/**
 * What a manifest entry's contract means for registering its route.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Contracts;

use Svc\Routing\Slug;

/**
 * Reads the `contract` a manifest entry carries (ContractReader's output). Pure.
 */
final class RouteContract {

	/**
	 * The verb's argument schemas as `register_rest_route()` takes them. The callbacks are named
	 * so that WordPress validates every argument, also one whose schema has no top-level `type`
	 * (`anyOf`), which it would otherwise pass through unchecked.
	 *
	 * @param array<string, mixed> $entry
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
	 * @param array<string, mixed> $entry
	 * @return array<string, array<string, mixed>>
	 */
	public static function args( array $entry, string $verb ): array {
		$args = $entry['contract']['verbs'][ $verb ]['args'] ?? array();
		return is_array( $args ) ? $args : array();
	}

	/**
	 * @param array<string, mixed> $entry
	 * @return array<string, mixed>|null
	 */
	public static function returns( array $entry, string $verb ): ?array {
		$returns = $entry['contract']['verbs'][ $verb ]['returns'] ?? null;
		return is_array( $returns ) ? $returns : null;
	}

	/**
	 * The contract as the manifest keeps it: schemas only, no docblocks; null when none is declared.
	 *
	 * @param array<string, mixed>|null $contract
	 * @return array<string, mixed>|null
	 */
	public static function without_docs( ?array $contract ): ?array {
		if ( null === $contract ) {
			return null;
		}
		unset( $contract['doc'] );
		$declared = false;
		foreach ( (array) ( $contract['verbs'] ?? array() ) as $verb => $schemas ) {
			if ( is_array( $schemas ) ) {
				unset( $schemas['doc'] );
				$contract['verbs'][ $verb ] = $schemas;
				$declared                   = $declared || array() !== ( $schemas['args'] ?? array() ) || null !== ( $schemas['returns'] ?? null );
			}
		}
		// A file that declares no schema keeps none: most files, and every byte is on each read.
		return $declared ? $contract : null;
	}

	/**
	 * A docblock's summary and description: the verb's own, else the class's.
	 *
	 * @param array<string, mixed> $entry
	 * @return array{summary: string, description: string}|null
	 */
	public static function doc( array $entry, string $verb ): ?array {
		$doc = $entry['contract']['verbs'][ $verb ]['doc'] ?? $entry['contract']['doc'] ?? null;
		if ( ! is_array( $doc ) ) {
			return null;
		}
		return array(
			'summary'     => (string) ( $doc['summary'] ?? '' ),
			'description' => (string) ( $doc['description'] ?? '' ),
		);
	}

	/**
	 * The type of each dynamic segment that every verb of the route declares alike: `[id]` declared
	 * `integer` by all of them matches digits only (any other path is no route). A segment some verb
	 * leaves undeclared, or declares otherwise, keeps matching any segment.
	 *
	 * @param array<string, mixed> $entry
	 * @return array<string, string>
	 */
	public static function segment_types( array $entry, string $slug ): array {
		$verbs = $entry['verbs'] ?? array();
		if ( ! is_array( $verbs ) || array() === $verbs ) {
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
