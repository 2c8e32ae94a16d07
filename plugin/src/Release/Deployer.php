<?php
/**
 * Makes releases: plans and checks a change under the write lock, then has it carried out.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Manifest\Entry;
use Svc\Manifest\ManifestStore;
use Svc\Storage\Guard;
use Svc\Storage\Paths;
use Svc\Storage\Trees;
use Svc\Storage\WriteLock;
use Svc\Validation\CheckKey;
use Svc\Validation\PushValidator;
use Svc\Validation\SyntaxChecker;
use RuntimeException;

/**
 * Every write is one release: the resulting full file set is checked, its tree written aside, the
 * release committed in the database (the one atomic step), then the tree swapped in (ReleaseWriter).
 * A crash before the commit leaves the old release, with a build directory the next write removes; a
 * crash after it leaves the new release active with the old tree served, which the next request's
 * catch_up() repairs before anything is served (ServedTree). Writes and catch-ups hold the write
 * lock, so they never interleave.
 *
 * @phpstan-import-type Plan from PlannedRelease
 * @phpstan-type Outcome array{release: array<string, mixed>|null, plan: Plan, checked: array<string, string>, syntax_check: string, unchanged: bool, dry_run: bool, token?: string, replayed?: true}
 *
 * @phpstan-import-type EntryData from Entry
 * @phpstan-import-type Manifest from ManifestStore
 */
final class Deployer {

	private readonly ServedTree $served;
	private readonly ReleaseWriter $writer;

	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestStore $store,
		private readonly BlobStore $blobs,
		private readonly ReleaseStore $releases,
		Trees $trees,
		private readonly NodeReports $nodes = new NodeReports(),
		private readonly SyntaxChecker $syntax = new SyntaxChecker(),
	) {
		$this->served = new ServedTree( $paths, $store, $blobs, $releases, $trees, $nodes );
		$this->writer = new ReleaseWriter( $paths, $store, $blobs, $releases, $trees, $this->served );
	}

	/**
	 * How this node's files (the verified manifest) differ from the active release: slug =>
	 * 'changed', 'added' or 'missing'. Empty before the first release or when they agree.
	 *
	 * @param Manifest $manifest
	 * @return array<string, string>
	 */
	public function drift( array $manifest, ?int $active = null ): array {
		$active ??= $this->releases->active_id();
		$release = 0 === $active ? null : $this->releases->get( $active );
		if ( null === $release ) {
			return array();
		}
		return Drift::between( $release['files'], $this->current_hashes( $manifest['files'] ) );
	}

	/**
	 * Records this node's drift for the other nodes to show (a management request asked); returns it.
	 *
	 * @param Manifest $manifest The verified manifest.
	 * @return array<string, string>
	 */
	public function report( array $manifest ): array {
		$active = $this->releases->active_id();
		$drift  = $this->drift( $manifest, $active );
		if ( 0 !== $active ) {
			$this->nodes->record( $active, $drift );
		}
		return $drift;
	}

	/**
	 * Serves the active release if the served tree is another one (a crash between commit and swap).
	 */
	public function catch_up(): void {
		$this->served->catch_up();
	}

	/**
	 * This node's tree of a preview (ServedTree::preview_tree()).
	 *
	 * @param array<string, mixed> $preview A ReleaseStore release of kind preview.
	 */
	public function preview_tree( array $preview ): ?string {
		return $this->served->preview_tree( $preview );
	}

	/**
	 * Rolls back to release $to (default: the one before the active release) by making a new release
	 * with its files. $base: the release the client planned against (default: the active one now).
	 *
	 * @return Outcome|Refusal
	 */
	public function rollback( ?int $to, bool $dry_run, ?int $base = null, ?string $message = null, ?string $commit_id = null ): array|Refusal {
		Schema::ensure();
		$again = $this->repeated( $commit_id, ReleaseKind::ROLLBACK, $dry_run );
		if ( null !== $again ) {
			return $again;
		}
		$active = $this->releases->active_id( true );
		$to   ??= 0 === $active ? null : $this->releases->before( $active );
		if ( null === $to ) {
			return Refusal::no_previous_release();
		}
		$release = $this->releases->get( $to );
		if ( null === $release ) {
			return Refusal::release_not_found( $to );
		}
		if ( ReleaseKind::is_preview( $release['kind'] ) ) {
			return Refusal::release_is_preview( $to );
		}
		return $this->commit( new Change( files: $release['files'], prune: true, dry_run: $dry_run, base: $base ?? $active, kind: ReleaseKind::ROLLBACK, rollback_of: $to, message: $message, commit_id: $commit_id ) );
	}

	/**
	 * Makes preview $id's files active, as a new release of kind promote, with every check a push
	 * makes. Refused when another release became active since the preview was made, unless $force;
	 * $base as for rollback(). The preview is removed once promoted: its token serves nothing more.
	 *
	 * @return Outcome|Refusal
	 */
	public function promote( int $id, bool $dry_run, ?int $base = null, bool $force = false, ?string $message = null, ?string $commit_id = null ): array|Refusal {
		// Asked before the preview: the promote the id made has removed it.
		$outcome = $this->repeated( $commit_id, ReleaseKind::PROMOTE, $dry_run );
		if ( null === $outcome ) {
			$preview = $this->live_preview( $id );
			if ( $preview instanceof Refusal ) {
				return $preview;
			}
			$outcome = $this->commit( new Change( files: $preview['files'], prune: true, dry_run: $dry_run, base: $base, kind: ReleaseKind::PROMOTE, rollback_of: $id, message: $message, preview_base: $force ? null : (int) $preview['preview_base'], commit_id: $commit_id ) );
		}
		// Also after a repeated promote whose first attempt stopped before removing the preview (the
		// release it made names the preview it promoted: a repeat naming another one removes nothing).
		$promoted = $outcome instanceof Refusal || $dry_run ? null : $outcome['release'];
		if ( null !== $promoted && (int) ( $promoted['rollback_of'] ?? 0 ) === $id && ReleaseKind::is_preview( (string) ( $this->releases->get( $id )['kind'] ?? '' ) ) ) {
			$this->releases->delete( $id );
		}
		return $outcome;
	}

	/**
	 * A rollback or promote repeated with the id of one that made a release already (its answer was
	 * lost): that release, or the refusal of an id used for another kind of change; null when the id
	 * made nothing yet (or there is none), and the change is made as usual. Answered under the write
	 * lock like any commit, so a repeat that arrives while its first attempt runs waits for it.
	 *
	 * @return Outcome|Refusal|null
	 */
	private function repeated( ?string $commit_id, string $kind, bool $dry_run ): array|Refusal|null {
		if ( null === $commit_id || $dry_run || null === $this->releases->by_commit_id( $commit_id ) ) {
			return null;
		}
		return $this->commit( new Change( files: array(), kind: $kind, commit_id: $commit_id ) );
	}

	/**
	 * A preview that can still be served and promoted, or why release $id is none.
	 *
	 * @return array<string, mixed>|Refusal A ReleaseStore release of kind preview.
	 */
	public function live_preview( int $id ): array|Refusal {
		Schema::ensure();
		$preview = $this->releases->get( $id );
		if ( null === $preview ) {
			return Refusal::release_not_found( $id );
		}
		if ( ! ReleaseKind::is_preview( $preview['kind'] ) ) {
			return Refusal::not_a_preview( $id, (string) $preview['kind'] );
		}
		if ( PreviewToken::expired( $preview['expires'], time() ) ) {
			return Refusal::preview_expired( $id );
		}
		return $preview;
	}

	/**
	 * Makes the change one release, or says why not. Nothing changes on a dry run or an error.
	 *
	 * @return Outcome|Refusal
	 */
	public function commit( Change $change ): array|Refusal {
		Schema::ensure();
		try {
			return WriteLock::hold( $this->paths->cache(), fn () => $this->commit_locked( $change ) );
		} catch ( RuntimeException $error ) {
			// The lock itself could not be taken (its folder is another user's): nothing was touched.
			return Refusal::write_failed( $error->getMessage() );
		}
	}

	/**
	 * @return Outcome|Refusal
	 */
	private function commit_locked( Change $change ): array|Refusal {
		// Under the lock, what this request read before it (the served tree, the manifest: another
		// writer may have changed both while it waited) is read again.
		$this->store->invalidate();
		$active = $this->releases->active_id( true );
		$stale  = $this->served->behind( $active ) ? $this->served->materialize( $active ) : null;
		if ( null !== $stale ) {
			return Refusal::write_failed( $stale );
		}
		$replayed = $this->replayed( $change );
		if ( null !== $replayed ) {
			return $replayed;
		}
		$refusal = ReleasePlanner::admit( $change, $active );
		if ( null !== $refusal ) {
			return $refusal;
		}

		$manifest = $this->store->verified();
		if ( 0 !== $active && $this->nodes->several() && array() !== $this->drift( $manifest, $active ) ) {
			// Several nodes: a write starts from the active release, not from what this node's disk
			// holds (an edit made here only), so its outcome does not depend on the node that took it.
			$this->served->materialize( $active );
			$manifest = $this->store->verified();
		}
		$deployed = array();
		foreach ( $manifest['files'] as $slug => $entry ) {
			$deployed[ (string) $slug ] = $entry;
		}
		$current = $this->current_hashes( $deployed );
		$planned = ReleasePlanner::plan( $change, $current, array() !== $this->nodes->drifted_elsewhere() );
		if ( $planned instanceof Refusal ) {
			return $planned;
		}
		$outcome = array(
			'release'      => null,
			'plan'         => $planned->plan,
			'checked'      => array(),
			'syntax_check' => 'skipped',
			'unchanged'    => $planned->nothing_to_do(),
			'dry_run'      => $change->dry_run,
		);
		if ( $planned->nothing_to_do() ) {
			return $outcome;
		}

		$final   = $planned->files;
		$wanted  = $planned->wanted();
		$key     = CheckKey::current();
		$known   = $this->blobs->stored( $wanted, $key, $change->inline );
		$sources = ReleasePlanner::sources( $planned, $change->inline + $known['contents'] );
		if ( $sources instanceof Refusal ) {
			return $sources;
		}
		$unchanged = $planned->carried();
		$checked   = array();
		$trusted   = array();
		foreach ( array_keys( $sources ) as $slug ) {
			$hash = $final[ $slug ];
			if ( isset( $known['classes'][ $hash ] ) ) {
				$checked[ $slug ] = $known['classes'][ $hash ];
			}
			if ( isset( $known['names'][ $hash ] ) ) {
				$trusted[ $slug ] = $known['names'][ $hash ];
			}
		}
		$result = ( new PushValidator( array_intersect_key( $deployed, $unchanged ), $this->syntax ) )->validate( $sources, $checked, $trusted );
		if ( array() !== $result['failures'] ) {
			return Refusal::rejected( $result['failures'] );
		}
		$outcome['checked']      = array_intersect_key( $final, $sources );
		$outcome['syntax_check'] = $result['syntax_check'];
		if ( $change->dry_run ) {
			return $outcome;
		}
		return $this->writer->apply(
			$planned,
			$sources,
			$deployed,
			$current,
			$active,
			$change,
			$result + array(
				'key'     => $key,
				'present' => array_map( 'strval', array_keys( $known['contents'] ) ),
			),
			$outcome
		);
	}

	/**
	 * A commit whose id already made a release (its answer was lost on the way): that release,
	 * answered again and not made twice. Asked before the base check, which the first attempt moved.
	 *
	 * @return Outcome|Refusal|null Null: commit as usual.
	 */
	private function replayed( Change $change ): array|Refusal|null {
		if ( null === $change->commit_id ) {
			return null;
		}
		$recorded = $this->releases->by_commit_id( $change->commit_id );
		$decision = CommitId::decide( $recorded, $change->kind, $change->dry_run );
		if ( null === $recorded || CommitId::COMMIT === $decision ) {
			return null;
		}
		if ( CommitId::REUSED === $decision ) {
			return Refusal::commit_id_reused( $recorded['id'] );
		}
		return array(
			'release'      => $recorded,
			'plan'         => $recorded['summary'],
			'checked'      => array(),
			'syntax_check' => 'skipped',
			'unchanged'    => false,
			'dry_run'      => false,
			'replayed'     => true,
		);
	}

	/**
	 * Slug => hash of the served files; null for a link (never carried into a release).
	 *
	 * @param array<string, EntryData> $deployed
	 * @return array<string, string|null>
	 */
	private function current_hashes( array $deployed ): array {
		$hashes = array();
		foreach ( $deployed as $slug => $entry ) {
			if ( ! empty( $entry['link'] ) ) {
				$hashes[ $slug ] = null;
				continue;
			}
			// Files the scan did not hash (over the size limit, a name svc would refuse) are carried too.
			$hashes[ $slug ] = $entry['hash'] ?? self::hash_of( (string) $entry['path'] );
		}
		return $hashes;
	}

	private static function hash_of( string $path ): ?string {
		$stored = is_link( $path ) ? false : @file_get_contents( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- vanished: not carried.
		return false === $stored ? null : hash( 'sha256', Guard::strip( $stored ) );
	}

}
