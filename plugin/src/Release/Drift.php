<?php
/**
 * How a node's files differ from the release it should serve.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * Compares the files a node serves (slug => sha256 of the source, guard stripped) with a release's.
 */
final class Drift {

	public const CHANGED = 'changed';
	public const ADDED   = 'added';
	public const MISSING = 'missing';

	/**
	 * @param array<string, string>      $release Slug => hash of the release.
	 * @param array<string, string|null> $served  Slug => hash on disk (null: a link, never in a release).
	 * @return array<string, string> Slug => CHANGED, ADDED or MISSING; empty when they agree.
	 */
	public static function between( array $release, array $served ): array {
		$drift = array();
		foreach ( $served as $slug => $hash ) {
			if ( ! array_key_exists( $slug, $release ) ) {
				$drift[ (string) $slug ] = self::ADDED;
			} elseif ( $release[ $slug ] !== $hash ) {
				$drift[ (string) $slug ] = self::CHANGED;
			}
		}
		foreach ( array_keys( $release ) as $slug ) {
			if ( ! array_key_exists( $slug, $served ) ) {
				$drift[ (string) $slug ] = self::MISSING;
			}
		}
		ksort( $drift, SORT_STRING );
		return $drift;
	}
}
