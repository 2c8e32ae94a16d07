<?php
/**
 * What a write asks of the release set.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * One request to make a new release: files laid over the active set (or, with prune, replacing it),
 * files taken out, and who asks for what. Built with named arguments (`new Change( files: …, kind:
 * ReleaseKind::RM )`): most of its fields have defaults, and two booleans side by side read as
 * nothing at a call site.
 */
final class Change {

	/**
	 * @param array<string, string> $files       Slug => content hash.
	 * @param list<string>          $remove      Slugs taken out of the set.
	 * @param bool                  $prune       The new set is exactly $files.
	 * @param array<string, string> $inline      Hash => bytes that came with the request (not staged).
	 * @param int|null              $base        The release the client planned against.
	 * @param string                $kind        A ReleaseKind (push, prune, rm, rollback, dev, preview, promote).
	 * @param int|null              $rollback_of The release a rollback restores, or a promote promotes.
	 * @param string|null           $message     What the person says of the release (ReleaseMessage).
	 * @param int|null              $preview_base A promote: the release its preview was made against,
	 *                                            which must still be active (null: --force).
	 * @param string|null           $commit_id   The client's id of this change (CommitId): a retry
	 *                                            with it answers the release it already made.
	 */
	public function __construct(
		public readonly array $files,
		public readonly array $remove = array(),
		public readonly bool $prune = false,
		public readonly bool $dry_run = false,
		public readonly array $inline = array(),
		public readonly ?int $base = null,
		public readonly string $kind = 'push',
		public readonly ?int $rollback_of = null,
		public readonly ?string $message = null,
		public readonly ?int $preview_base = null,
		public readonly ?string $commit_id = null,
	) {
	}
}
