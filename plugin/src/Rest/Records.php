<?php
/**
 * How the management API describes route files and releases.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Manifest\Entry;
use Svc\Contracts\RouteContract;
use Svc\Routing\Slug;
use Svc\Scanning\PolicyAttributes;
use Svc\Schedules\Status;
use Svc\Scanning\TokenScanner;

/**
 * One shape per thing, shared by every endpoint that answers with it (docs/management-api.md).
 *
 * @phpstan-import-type EntryData from Entry
 */
final class Records {

	/**
	 * The listing's order, documented as by `filename`: byte order (strcmp), whatever order the
	 * manifest's shards kept and whatever PHP makes of a numeric name as an array key ("10" < "9").
	 * The CLI compares slugs the same way (source/core/slug.ts compareSlugs).
	 *
	 * @param list<array<string, mixed>> $records Each with a `filename`.
	 * @return list<array<string, mixed>>
	 */
	public static function by_filename( array $records ): array {
		usort( $records, static fn ( array $a, array $b ): int => strcmp( (string) $a['filename'], (string) $b['filename'] ) );
		return $records;
	}

	/**
	 * What the listing and the upload answers say about a file besides its name and content.
	 *
	 * @param EntryData|null $entry
	 * @return array<string, mixed>
	 */
	public static function file( string $namespace, string $slug, ?array $entry ): array {
		$valid  = Slug::is_valid( $slug );
		$record = array(
			'hash'    => (string) ( $entry['hash'] ?? '' ),
			'path'    => '/' . $namespace . '/' . $slug,
			'route'   => $valid ? '/' . $namespace . '/' . Slug::pattern( $slug, RouteContract::segment_types( $entry ?? array(), $slug ) ) : null,
			'methods' => array_map( 'strtoupper', $entry['verbs'] ?? array() ),
		);
		if ( array() !== ( $entry['public'] ?? array() ) ) {
			$record['public'] = true;
			// Which ones: `public` stays "anyone may call some verb", as docs/rules.md has it.
			$record['public_verbs'] = array_map( 'strtoupper', $entry['public'] );
		}
		return $record + self::policies( $slug, $entry ?? array() );
	}

	/**
	 * Each policy attribute's listing key (Scanning\PolicyAttributes) with what the manifest entry
	 * stores of it, only when the file declares one: `cache` as stored, `rate_limits` per verb, and
	 * `schedules` with their next and last run.
	 *
	 * @param EntryData|array{} $entry
	 * @return array<string, mixed>
	 */
	private static function policies( string $slug, array $entry ): array {
		$policies = array();
		foreach ( PolicyAttributes::ALL as $descriptor ) {
			$stored = $entry[ $descriptor['entry'] ] ?? null;
			if ( null !== $stored && array() !== $stored ) {
				$policies[ $descriptor['listing'] ] = self::listed( $descriptor['name'], $slug, $entry );
			}
		}
		return $policies;
	}

	/**
	 * How a policy the entry stores is listed: as stored, unless its attribute is named here.
	 *
	 * @param EntryData|array{} $entry
	 */
	private static function listed( string $name, string $slug, array $entry ): mixed {
		if ( 'RateLimit' === $name ) {
			$limits = array();
			foreach ( $entry['rate'] ?? array() as $verb => $rate ) {
				$limits[ strtoupper( (string) $verb ) ] = array(
					'requests' => $rate['requests'],
					'per'      => $rate['per'],
					// The class's limit is one budget its verbs share.
					'shared'   => '*' === $rate['scope'],
				);
			}
			return $limits;
		}
		if ( 'Schedule' === $name ) {
			return Status::describe( $slug, $entry['schedules'] ?? array() );
		}
		return $entry[ PolicyAttributes::entry_key( $name ) ] ?? null;
	}

	/**
	 * A file a dry run checked, not yet in any manifest: its hash, and the verbs it would open to
	 * anyone as the same scan reads them (`public_verbs` only when there are some), so a rollback's
	 * plan can warn before the question as a push's does.
	 *
	 * @return array<string, mixed>
	 */
	public static function unreleased( string $namespace, string $hash, string $slug, ?string $source ): array {
		$record = array(
			'hash' => $hash,
			'path' => '/' . $namespace . '/' . $slug,
		);
		if ( null === $source ) {
			return $record;
		}
		$scan = TokenScanner::scan( $source, $slug . '.php' );
		$open = null === $scan->parse_error ? array_map( 'strtoupper', $scan->public_verbs() ) : array();
		if ( array() !== $open ) {
			$record['public']       = true;
			$record['public_verbs'] = $open;
		}
		return $record;
	}

	/**
	 * @param array<string, mixed> $release A ReleaseStore release.
	 * @return array<string, mixed>
	 */
	public static function release( array $release, int $active, bool $detail = false ): array {
		// The login recorded with the release; releases from before it was recorded ask WordPress.
		$login = (string) ( $release['user_login'] ?? '' );
		if ( '' === $login && 0 !== (int) $release['user_id'] ) {
			$user  = get_userdata( (int) $release['user_id'] );
			$login = false === $user ? '' : $user->user_login;
		}
		$promote = 'promote' === $release['kind'];
		$record  = array(
			'id'          => (int) $release['id'],
			'created'     => gmdate( 'Y-m-d\TH:i:s\Z', (int) $release['created'] ),
			'user'        => array(
				'id'    => (int) $release['user_id'],
				'login' => '' === $login ? null : $login,
			),
			'kind'        => $release['kind'],
			'files'       => count( $release['files'] ),
			'added'       => count( $release['summary']['added'] ),
			'changed'     => count( $release['summary']['changed'] ),
			'removed'     => count( $release['summary']['removed'] ),
			'active'      => (int) $release['id'] === $active,
			'rollback_of' => $promote ? null : $release['rollback_of'],
			'message'     => $release['message'] ?? null,
		);
		if ( $promote ) {
			$record['promoted_from'] = $release['rollback_of'];
		}
		if ( 'preview' === $release['kind'] ) {
			$expires           = (int) ( $release['expires'] ?? 0 );
			$record['preview'] = array(
				'base'    => $release['preview_base'] ?? null,
				'expires' => gmdate( 'Y-m-d\TH:i:s\Z', $expires ),
				'expired' => $expires <= time(),
			);
		}
		if ( $detail ) {
			$record['filenames'] = (object) $release['files'];
			$record['plan']      = $release['summary'];
		}
		return $record;
	}
}
