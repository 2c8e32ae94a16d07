<?php
/**
 * Makes releases and brings the served tree up to the active one.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Manifest\Entry;
use Svc\Events\Emit;
use Svc\Manifest\ManifestFiles;
use Svc\Manifest\ManifestStore;
use Svc\Storage\Guard;
use Svc\Storage\Paths;
use Svc\Storage\Trees;
use Svc\Storage\WriteLock;
use Svc\Support\Log;
use Svc\Validation\PushValidator;
use Svc\Validation\SyntaxChecker;
use RuntimeException;

/**
 * Every write is one release: the resulting full file set is checked, its tree written aside, the
 * release committed in the database (the one atomic step), then the tree swapped in. A crash before
 * the commit leaves the old release, with a build directory the next write removes; a crash after it
 * leaves the new release active with the old tree served, which the next request's catch_up() repairs
 * before anything is served. Writes and catch-ups hold the write lock, so they never interleave.
 *
 * @phpstan-import-type Plan from PlannedRelease
 * @phpstan-type Outcome array{release: array<string, mixed>|null, plan: Plan, checked: array<string, string>, syntax_check: string, unchanged: bool, dry_run: bool, token?: string, replayed?: true}
 *
 * @phpstan-import-type EntryData from Entry
 * @phpstan-import-type Manifest from ManifestStore
 */
final class Deployer {

	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestStore $store,
		private readonly BlobStore $blobs,
		private readonly ReleaseStore $releases,
		private readonly Trees $trees,
		private readonly NodeReports $nodes = new NodeReports(),
		private readonly SyntaxChecker $syntax = new SyntaxChecker(),
	) {
	}

	public function nodes(): NodeReports {
		return $this->nodes;
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

	public function releases(): ReleaseStore {
		return $this->releases;
	}

	public function blobs(): BlobStore {
		return $this->blobs;
	}

	/**
	 * Serves the active release if the served tree is another one (a crash between commit and swap).
	 * Costs an autoloaded option and one readlink() when there is nothing to do.
	 */
	public function catch_up(): void {
		if ( ! $this->behind( $this->releases->active_id() ) ) {
			return;
		}
		try {
			WriteLock::hold(
				$this->paths->cache(),
				function (): void {
					$this->paths->forget_served();
					$active = $this->releases->active_id( true );
					if ( $this->behind( $active ) ) {
						$this->materialize( $active );
					}
				}
			);
		} catch ( RuntimeException $error ) {
			// Every request comes here: one that cannot lock must still be served, from the files on disk.
			Log::api( sprintf( 'could not catch up with the active release: %s; the files on disk stay served', $error->getMessage() ) );
		}
	}

	private function behind( int $active ): bool {
		if ( 0 === $active ) {
			return false;
		}
		// A plain api/ directory while a release is active is what a crash between a first release's
		// commit and its swap leaves (the directory is moved aside by the swap): it is behind too.
		return $this->paths->served_release() !== $active;
	}

	/**
	 * Builds and serves this node's copy of release $id. Returns why it could not (the disk refused a
	 * write), in which case the files on disk stay served and the next request tries again.
	 */
	private function materialize( int $id ): ?string {
		$release = $this->releases->get( $id );
		if ( null === $release ) {
			Log::api( sprintf( 'the active release %d is not in the database; the files on disk stay served', $id ) );
			return null;
		}
		try {
			$build = $this->build_from_store( $release );
			if ( null === $build ) {
				return null;
			}
			$this->install( $build, $id );
		} catch ( RuntimeException $error ) {
			$this->collect();
			Log::api( sprintf( 'could not serve release %d on this node: %s; the files on disk stay served', $id, $error->getMessage() ) );
			return $error->getMessage();
		}
		return null;
	}

	/**
	 * Writes a release's tree aside from the stored contents; null (logged) when a content is missing.
	 *
	 * @param array<string, mixed> $release A ReleaseStore release.
	 */
	private function build_from_store( array $release ): ?string {
		$files    = (array) $release['files'];
		$contents = $this->blobs->get( array_values( array_map( 'strval', $files ) ) );
		$sources  = array();
		foreach ( $files as $slug => $hash ) {
			if ( ! isset( $contents[ $hash ] ) ) {
				Log::api( sprintf( 'release %d lacks the content of %s.php; the files on disk stay served', $release['id'], $slug ) );
				return null;
			}
			$sources[ (string) $slug ] = $contents[ $hash ];
		}
		return $this->trees->build( $sources, array() );
	}

	/**
	 * This node's tree of a preview, built from the database when the node has none yet (the preview
	 * was made on another node, or its tree was lost); null when it cannot be served here.
	 *
	 * @param array<string, mixed> $preview A ReleaseStore release of kind preview.
	 */
	public function preview_tree( array $preview ): ?string {
		$id   = (int) $preview['id'];
		$tree = $this->trees->preview_tree( $id );
		if ( null !== $tree ) {
			return $tree;
		}
		try {
			return WriteLock::hold(
				$this->paths->cache(),
				function () use ( $preview, $id ): ?string {
					// Another request of this node may have built it while this one waited.
					$tree = $this->trees->preview_tree( $id );
					if ( null !== $tree ) {
						return $tree;
					}
					$build = $this->build_from_store( $preview );
					if ( null === $build ) {
						return null;
					}
					$tree = $this->trees->name( $build, $id, 'p' );
					$this->store->prime( $tree );
					return $tree;
				}
			);
		} catch ( RuntimeException $error ) {
			$this->collect();
			Log::api( sprintf( 'could not build preview %d on this node: %s', $id, $error->getMessage() ) );
			return null;
		}
	}

	/**
	 * Names a built tree for its (committed) release, prepares its manifest and serves it. $like:
	 * a kept tree with the same files, whose manifest spares scanning them again.
	 */
	private function install( string $build, int $release, ?string $like = null ): void {
		$tree = $this->trees->name( $build, $release );
		$this->store->prime( $tree, $like );
		$legacy = $this->trees->swap( $tree );
		if ( null !== $legacy ) {
			// The plain api/ directory of the import release keeps its manifest under its new name.
			ManifestFiles::rename_tree( $this->paths, 'api', $legacy );
		}
		$this->store->invalidate();
		$this->collect();
		// A fresh copy of the release: no drift. Other nodes show what this one serves.
		$this->nodes->record( $release, array() );
		/**
		 * This node serves release $release now (made here, or caught up with): the early cache
		 * publishes its route index for it.
		 *
		 * @param int $release
		 */
		do_action( 'svc_release_served', $release );
	}

	/**
	 * The tree of the release a rollback restores, or of the preview a promote makes active, when
	 * this node still has it.
	 */
	private function tree_alike( string $kind, ?int $of ): ?string {
		if ( null === $of ) {
			return null;
		}
		return match ( $kind ) {
			ReleaseKind::ROLLBACK => $this->trees->release_tree( $of ) ?? $this->import_tree( $of ),
			ReleaseKind::PROMOTE  => $this->trees->preview_tree( $of ),
			default               => null,
		};
	}

	/**
	 * The plain `api/` directory the import release $id was made of, while this node keeps it.
	 */
	private function import_tree( int $id ): ?string {
		return ReleaseKind::IMPORT === ( $this->releases->get( $id )['kind'] ?? null ) ? $this->trees->legacy_tree() : null;
	}

	/**
	 * Removes the trees no request can still be serving, and their manifests.
	 */
	private function collect(): void {
		ManifestFiles::collect( $this->paths, $this->trees->collect( $this->releases->live_previews() ) );
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
		$stale  = $this->behind( $active ) ? $this->materialize( $active ) : null;
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
			$this->materialize( $active );
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
		$stored  = $this->blobs->get( array_values( array_diff( $wanted, array_keys( $change->inline ) ) ) );
		$sources = ReleasePlanner::sources( $planned, $change->inline + $stored );
		if ( $sources instanceof Refusal ) {
			return $sources;
		}
		$unchanged = $planned->carried();
		$known     = $this->blobs->checked( $wanted );
		$checked   = array();
		foreach ( $sources as $slug => $source ) {
			if ( isset( $known[ $final[ $slug ] ] ) ) {
				$checked[ $slug ] = $known[ $final[ $slug ] ];
			}
		}
		$result = ( new PushValidator( array_intersect_key( $deployed, $unchanged ), $this->syntax ) )->validate( $sources, $checked );
		if ( array() !== $result['failures'] ) {
			return Refusal::rejected( $result['failures'] );
		}
		$outcome['checked']      = array_intersect_key( $final, $sources );
		$outcome['syntax_check'] = $result['syntax_check'];
		if ( $change->dry_run ) {
			return $outcome;
		}
		return $this->apply( $planned, $sources, $deployed, $current, $active, $change, $result, $outcome );
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
	 * Carries out a checked plan: contents kept, the import release of files found on disk, the tree
	 * built, the release recorded (the atomic step) and served, then the old ones pruned.
	 *
	 * @param array<string, string>      $sources  Slug => bytes of the new and changed files.
	 * @param array<string, EntryData>   $deployed
	 * @param array<string, string|null> $current
	 * @param array{failures: list<array{filename: string, code: string, message: string}>, syntax_check: string, classes: array<string, string>} $result
	 * @param Outcome                    $outcome
	 * @return Outcome|Refusal
	 */
	private function apply( PlannedRelease $planned, array $sources, array $deployed, array $current, int $active, Change $change, array $result, array $outcome ): array|Refusal {
		$final     = $planned->files;
		$unchanged = $planned->carried();
		// Every content of the new release, and of the files found on disk before svc's first
		// release (the import release, also those this release changes or removes), goes into the
		// store: any kept release can be served again from it.
		$found = 0 === $active ? array_filter( $current, 'is_string' ) : array();
		$this->keep_contents( $sources, $unchanged + $found, $deployed );
		if ( 'php' === $result['syntax_check'] ) {
			$passed = array();
			foreach ( $result['classes'] as $slug => $class_name ) {
				$passed[ $final[ $slug ] ] = $class_name;
			}
			$this->blobs->mark_checked( $passed );
		}
		if ( 0 === $active && array() !== array_filter( $current, 'is_string' ) ) {
			$current_set = array_filter( $current, 'is_string' );
			$this->releases->activate(
				$current_set,
				'import',
				array(
					'added'   => array_map( 'strval', array_keys( $current_set ) ),
					'changed' => array(),
					'removed' => array(),
				)
			);
		}
		$copies = array();
		foreach ( array_keys( $unchanged ) as $slug ) {
			$copies[ $slug ] = (string) $deployed[ $slug ]['path'];
		}
		try {
			$build = $this->trees->build( $sources, $copies );
		} catch ( RuntimeException $error ) {
			// Nothing is active yet and the build is gone: the site is as it was.
			return Refusal::write_failed( $error->getMessage() );
		}
		if ( ReleaseKind::is_preview( $planned->kind ) ) {
			// Read again: a first write on a site with files on disk has just made them the import release.
			return $this->record_preview( $build, $final, $planned->plan, $this->releases->active_id( true ), $change, $outcome );
		}
		$previous = $this->releases->active_id( true );
		try {
			// Its event commits with it: a worker killed before the swap cannot leave a release untold.
			$id = $this->releases->activate( $final, $planned->kind, $planned->plan, $change->rollback_of, $change->message, $change->commit_id, static fn ( int $id ) => self::emit( $id, $planned->kind, $final, $planned->plan, $change ) );
		} catch ( RuntimeException $error ) {
			// The transaction was rolled back: no release was recorded, and the build is not served.
			Trees::remove( $this->paths->trees() . '/' . $build );
			return Refusal::write_failed( $error->getMessage() );
		}
		/**
		 * Release $id is recorded and active in the database: from now on every node serves it
		 * (each catches up on its next request). This node still serves the tree of the release
		 * before it until the swap that follows; a worker that stops here leaves its next request
		 * to do that swap.
		 *
		 * @param int    $id
		 * @param string $kind A ReleaseKind.
		 */
		do_action( 'svc_release_recorded', $id, $planned->kind );
		try {
			$this->install( $build, $id, $this->tree_alike( $planned->kind, $change->rollback_of ) );
		} catch ( RuntimeException $error ) {
			// Recorded but not served: withdrawn, so that the site stays as it was (a node that followed
			// it meanwhile follows back), and the tree left half-installed is removed.
			$this->releases->withdraw( $id, $previous, static fn ( int $id ) => Emit::event( 'release_withdrawn', array( 'release' => $id ) ) );
			$this->collect();
			return Refusal::write_failed( $error->getMessage() );
		}
		$this->releases->prune( ReleaseKind::keep_per_pool() );
		// The contents of releases pruned now go at once (past a short grace), not an hour later.
		$this->blobs->collect( $this->releases->referenced(), array_values( $final ), BlobStore::ttl() );
		$outcome['release'] = $this->releases->get( $id );
		return $outcome;
	}

	/**
	 * The preview's half of a commit: recorded without touching the active pointer, its tree named
	 * for it and its manifest primed, never linked as `api`. The token is in the outcome, once.
	 *
	 * @param array<string, string> $final
	 * @param Plan                  $plan
	 * @param Outcome               $outcome
	 * @return Outcome|Refusal
	 */
	private function record_preview( string $build, array $final, array $plan, int $active, Change $change, array $outcome ): array|Refusal {
		$token = PreviewToken::generate();
		try {
			$id = $this->releases->record_preview( $final, $plan, $active, PreviewToken::hash( $token ), time() + PreviewToken::ttl(), $change->message );
		} catch ( RuntimeException $error ) {
			Trees::remove( $this->paths->trees() . '/' . $build );
			return Refusal::write_failed( $error->getMessage() );
		}
		try {
			$this->store->prime( $this->trees->name( $build, $id, 'p' ) );
		} catch ( RuntimeException $error ) {
			// Another node would build it from the database, but this one answers the push: withdrawn.
			$this->releases->delete( $id );
			$this->collect();
			return Refusal::write_failed( $error->getMessage() );
		}
		$this->releases->prune( ReleaseKind::keep_per_pool() );
		$this->blobs->collect( $this->releases->referenced(), array_values( $final ), BlobStore::ttl() );
		$this->collect();
		$outcome['release'] = $this->releases->get( $id );
		$outcome['token']   = $token;
		self::emit( $id, ReleaseKind::PREVIEW, $final, $plan, $change );
		return $outcome;
	}

	/**
	 * @param array<string, string> $final
	 * @param Plan                  $plan
	 */
	private static function emit( int $id, string $kind, array $final, array $plan, Change $change ): void {
		$fields = array(
			'release' => $id,
			'kind'    => $kind,
			'files'   => count( $final ),
			'added'   => count( $plan['added'] ),
			'changed' => count( $plan['changed'] ),
			'removed' => count( $plan['removed'] ),
		);
		if ( null !== $change->message ) {
			$fields['note'] = $change->message;
		}
		Emit::event( 'release', $fields );
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

	/**
	 * @param array<string, string>                $sources   Slug => new bytes.
	 * @param array<string, string>                $unchanged Slug => hash of carried files.
	 * @param array<string, EntryData>  $deployed
	 */
	private function keep_contents( array $sources, array $unchanged, array $deployed ): void {
		$contents = array();
		foreach ( $sources as $source ) {
			$contents[ hash( 'sha256', $source ) ] = $source;
		}
		$known    = array_flip( $this->blobs->present( array_values( array_unique( array_merge( array_keys( $contents ), array_values( $unchanged ) ) ) ) ) );
		$contents = array_diff_key( $contents, $known );
		foreach ( $unchanged as $slug => $hash ) {
			if ( ! isset( $known[ $hash ] ) && ! isset( $contents[ $hash ] ) ) {
				$stored = isset( $deployed[ $slug ] ) ? @file_get_contents( (string) $deployed[ $slug ]['path'] ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors
				if ( false !== $stored && hash( 'sha256', Guard::strip( $stored ) ) === $hash ) {
					$contents[ $hash ] = Guard::strip( $stored );
				}
			}
		}
		$this->blobs->put( $contents, array() );
	}
}
