<?php
/**
 * Which routes a caller is told about: the decisions behind RouteVisibility, without WordPress.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Closure;

/**
 * A route is described to a caller only when one of its verbs is open to everyone (the scan's
 * [PUBLIC]), the caller is an administrator, or the caller passes one verb's permission check; a
 * route of the management namespace only to those who may use it; another plugin's or core's route
 * is theirs to describe. Whether the caller may call a verb is asked through closures, so this holds
 * only the rules (RouteVisibility feeds it WordPress's answers).
 */
final class RouteDisclosure {

	/**
	 * Whether $route is $prefix (like `/svc/v1`) or a route under it.
	 */
	public static function under( string $route, string $prefix ): bool {
		return $prefix === $route || str_starts_with( $route, $prefix . '/' );
	}

	/**
	 * The routes of an index (route pattern => its description) that $visible keeps.
	 *
	 * @param array<int|string, mixed> $available
	 * @param Closure(string): bool    $visible
	 * @return array<int|string, mixed>
	 */
	public static function described( array $available, Closure $visible ): array {
		foreach ( array_keys( $available ) as $route ) {
			if ( ! $visible( (string) $route ) ) {
				unset( $available[ $route ] );
			}
		}
		return $available;
	}

	/**
	 * Whether an answer is an OPTIONS one for a route this caller may not be told of, which is then
	 * emptied as for a path no route matches.
	 *
	 * @param Closure(string): bool $visible
	 */
	public static function options_hidden( string $method, string $matched_route, Closure $visible ): bool {
		return 'OPTIONS' === $method && '' !== $matched_route && ! $visible( $matched_route );
	}

	/**
	 * Whether a route file's route is described: never without a manifest entry; always for a public
	 * verb or an administrator; otherwise when the caller may call one of its verbs.
	 *
	 * @param array{public: list<string>, verbs: list<string>}|null $entry
	 * @param Closure(string): bool                                 $may_call Asked per verb, until one says yes.
	 */
	public static function file_visible( ?array $entry, bool $administrator, Closure $may_call ): bool {
		if ( null === $entry ) {
			return false;
		}
		if ( array() !== $entry['public'] || $administrator ) {
			return true;
		}
		foreach ( $entry['verbs'] as $verb ) {
			if ( $may_call( $verb ) ) {
				return true;
			}
		}
		return false;
	}
}
