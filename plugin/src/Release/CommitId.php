<?php
/**
 * The client's id of a commit, which makes retrying it safe.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * A client that lost the answer to a commit (a connection cut after the request was sent) cannot
 * tell whether the release was made. It sends the same id again: the site answers the release that
 * id already made instead of making a second one. The id names one change; a client makes a new one
 * for each change, so an id seen with another kind of change is the client's mistake, refused.
 *
 * @phpstan-import-type Release from ReleaseStore
 */
final class CommitId {

	/** Random and long enough that two clients never pick the same one; short enough for a column. */
	public const PATTERN = '/\A[A-Za-z0-9_-]{16,64}\z/';

	/** Make the release. */
	public const COMMIT = 'commit';
	/** Answer the release the id already made. */
	public const REPLAY = 'replay';
	/** The id made a release of another kind: not this change. */
	public const REUSED = 'reused';

	public static function well_formed( mixed $id ): bool {
		return is_string( $id ) && 1 === preg_match( self::PATTERN, $id );
	}

	/**
	 * What a commit carrying an id does, given the release recorded with that id (null: none is).
	 * A dry run makes nothing, so it is planned as any other, whatever the id made before.
	 *
	 * @param array{kind: string}|null $recorded
	 * @return self::COMMIT|self::REPLAY|self::REUSED
	 */
	public static function decide( ?array $recorded, string $kind, bool $dry_run ): string {
		if ( $dry_run || null === $recorded ) {
			return self::COMMIT;
		}
		return $recorded['kind'] === $kind ? self::REPLAY : self::REUSED;
	}
}
