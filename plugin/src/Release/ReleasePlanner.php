<?php
/**
 * What a change makes of the active set, or why it cannot be made.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Validation\RouteRules;

/**
 * Pure: the active release, the served files' hashes and a Change in; a PlannedRelease or a Refusal
 * out. No disk, no database: the deployer reads the state under the write lock, asks here, and
 * carries out what comes back. Every kind of release (push, prune, rm, rollback, dev save, preview,
 * promote) is planned by these three steps.
 *
 * @phpstan-import-type Plan from PlannedRelease
 */
final class ReleasePlanner {

	/**
	 * What only the active release decides, checked before anything is read.
	 */
	public static function admit( Change $change, int $active ): ?Refusal {
		if ( null !== $change->base && $change->base !== $active ) {
			return Refusal::release_moved( $change->base, $active );
		}
		if ( null !== $change->preview_base && $change->preview_base !== $active ) {
			return Refusal::preview_outdated( (int) $change->rollback_of, $change->preview_base, $active );
		}
		return null;
	}

	/**
	 * The new set: the change's files laid over the served ones (or replacing them, with prune),
	 * less those removed; refused when a file to remove is not there or a route path would clash.
	 *
	 * @param array<string, string|null> $current           Slug => hash of the served files; null for a
	 *                                                      link or an unreadable file, never carried.
	 * @param bool                       $drifted_elsewhere Another node serves files that differ from the active release.
	 */
	public static function plan( Change $change, array $current, bool $drifted_elsewhere ): PlannedRelease|Refusal {
		$missing = array_values( array_diff( $change->remove, array_map( 'strval', array_keys( $current ) ) ) );
		if ( array() !== $missing ) {
			return Refusal::not_found( $missing );
		}
		$files = $change->prune ? $change->files : $change->files + array_filter( $current, 'is_string' );
		foreach ( $change->remove as $slug ) {
			unset( $files[ $slug ] );
		}
		$kind    = ReleaseKind::PUSH === $change->kind && $change->prune ? ReleaseKind::PRUNE : $change->kind;
		$planned = new PlannedRelease( $files, self::diff( $current, $files ), $kind, $drifted_elsewhere );
		if ( $planned->nothing_to_do() ) {
			return $planned;
		}
		$clashes = RouteRules::path_clashes( array_map( 'strval', array_keys( $files ) ), $planned->new_slugs() );
		return array() === $clashes ? $planned : Refusal::rejected( $clashes );
	}

	/**
	 * Slug => bytes of the new and changed files, from the contents at hand (sent with the request
	 * or staged), or the contents that are not.
	 *
	 * @param array<string, string> $have Hash => bytes.
	 * @return array<string, string>|Refusal
	 */
	public static function sources( PlannedRelease $planned, array $have ): array|Refusal {
		$lacking = array_values( array_diff( $planned->wanted(), array_map( 'strval', array_keys( $have ) ) ) );
		if ( array() !== $lacking ) {
			return Refusal::missing_contents( $lacking );
		}
		$sources = array();
		foreach ( $planned->new_slugs() as $slug ) {
			$sources[ $slug ] = $have[ $planned->files[ $slug ] ];
		}
		return $sources;
	}

	/**
	 * @param array<string, string|null> $current
	 * @param array<string, string>      $files
	 * @return Plan
	 */
	private static function diff( array $current, array $files ): array {
		$plan = array(
			'added'   => array(),
			'changed' => array(),
			'removed' => array(),
		);
		foreach ( $files as $slug => $hash ) {
			if ( ! array_key_exists( $slug, $current ) ) {
				$plan['added'][] = (string) $slug;
			} elseif ( $current[ $slug ] !== $hash ) {
				$plan['changed'][] = (string) $slug;
			}
		}
		foreach ( array_keys( $current ) as $slug ) {
			if ( ! array_key_exists( $slug, $files ) ) {
				$plan['removed'][] = (string) $slug;
			}
		}
		foreach ( $plan as &$slugs ) {
			sort( $slugs, SORT_STRING );
		}
		return $plan;
	}
}
