<?php
/**
 * Carries out a checked plan: the release recorded and served, or the preview kept.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Events\Emit;
use Svc\Manifest\Entry;
use Svc\Manifest\ManifestStore;
use Svc\Storage\Guard;
use Svc\Storage\Paths;
use Svc\Storage\Trees;
use RuntimeException;

/**
 * What a commit does once the Deployer has planned and checked it, under its write lock: the contents
 * kept, the tree built aside, the release recorded (the one atomic step, with its event) and served,
 * the old ones pruned. Any failure before the record changes nothing; one after it withdraws the release.
 *
 * @phpstan-import-type Plan from PlannedRelease
 * @phpstan-import-type Outcome from Deployer
 * @phpstan-import-type EntryData from Entry
 * @phpstan-import-type Names from \Svc\Validation\RouteRules
 */
final class ReleaseWriter {

	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestStore $store,
		private readonly BlobStore $blobs,
		private readonly ReleaseStore $releases,
		private readonly Trees $trees,
		private readonly ServedTree $served,
	) {
	}

	/**
	 * Carries out a checked plan: contents kept, the import release of files found on disk, the tree
	 * built, the release recorded (the atomic step) and served, then the old ones pruned.
	 *
	 * @param array<string, string>      $sources  Slug => bytes of the new and changed files.
	 * @param array<string, EntryData>   $deployed
	 * @param array<string, string|null> $current
	 * @param array{failures: list<array{filename: string, code: string, message: string}>, syntax_check: string, classes: array<string, string>, names: array<string, Names>, key: string|null, present: list<string>} $result
	 *        The checks' result, the key of the rules that gave it (CheckKey), and the hashes whose
	 *        contents were read from the store under this write's lock (no write but this one removes any).
	 * @param Outcome                    $outcome
	 * @return Outcome|Refusal
	 */
	public function apply( PlannedRelease $planned, array $sources, array $deployed, array $current, int $active, Change $change, array $result, array $outcome ): array|Refusal {
		$final     = $planned->files;
		$unchanged = $planned->carried();
		// Every content of the new release, and of the files found on disk before svc's first
		// release (the import release, also those this release changes or removes), goes into the
		// store: any kept release can be served again from it.
		$found = 0 === $active ? array_filter( $current, 'is_string' ) : array();
		$this->keep_contents( $sources, $final, $unchanged + $found, $deployed, $result['present'] );
		// What the checks found is kept with the contents, so a later write of the same bytes does not
		// compile them again on this PHP (classes) nor scan them under the same rules (names).
		$classes = array();
		foreach ( 'php' === $result['syntax_check'] ? $result['classes'] : array() as $slug => $class_name ) {
			$classes[ $final[ $slug ] ] = $class_name;
		}
		$names = array();
		foreach ( $result['names'] as $slug => $declared ) {
			$names[ $final[ $slug ] ] = $declared;
		}
		$this->blobs->remember( $classes, $names, $result['key'] );
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
		// A rollback's target, or a promoted preview, whose tree this node keeps; the trees kept besides:
		// the files they hold already are taken, not written again.
		$previous = $this->trees->previous_tree();
		$like     = $this->served->tree_alike( $planned->kind, $change->rollback_of, $previous );
		try {
			$build = $this->trees->build( $sources, $copies, array_merge( null === $like ? array() : array( $like ), $this->trees->kept_with( $previous ) ) );
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
			$this->served->install( $build, $id, $like );
		} catch ( RuntimeException $error ) {
			// Recorded but not served: withdrawn, so that the site stays as it was (a node that followed
			// it meanwhile follows back), and the tree left half-installed is removed.
			$this->releases->withdraw( $id, $previous, static fn ( int $id ) => Emit::event( 'release_withdrawn', array( 'release' => $id ) ) );
			$this->served->collect();
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
			// As a release's: the preview's event commits with it.
			$id = $this->releases->record_preview( $final, $plan, $active, PreviewToken::hash( $token ), time() + PreviewToken::ttl(), $change->message, static fn ( int $id ) => self::emit( $id, ReleaseKind::PREVIEW, $final, $plan, $change ) );
		} catch ( RuntimeException $error ) {
			Trees::remove( $this->paths->trees() . '/' . $build );
			return Refusal::write_failed( $error->getMessage() );
		}
		try {
			$this->store->prime( $this->trees->name( $build, $id, 'p' ) );
		} catch ( RuntimeException $error ) {
			// Another node would build it from the database, but this one answers the push: withdrawn.
			$this->releases->delete( $id );
			Emit::event( 'release_withdrawn', array( 'release' => $id ) );
			$this->served->collect();
			return Refusal::write_failed( $error->getMessage() );
		}
		$this->releases->prune( ReleaseKind::keep_per_pool() );
		$this->blobs->collect( $this->releases->referenced(), array_values( $final ), BlobStore::ttl() );
		$this->served->collect();
		$outcome['release'] = $this->releases->get( $id );
		$outcome['token']   = $token;
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
	 * @param array<string, string>    $sources   Slug => new bytes.
	 * @param array<string, string>    $final     Slug => hash of the release's files, $sources' among
	 *                                            them (each source is the content of its hash: hashed
	 *                                            as it came with the request, or checked as it left the store).
	 * @param array<string, string>    $unchanged Slug => hash of carried files.
	 * @param array<string, EntryData> $deployed
	 * @param list<string>             $present   Hashes the store is known to have: not asked again.
	 */
	private function keep_contents( array $sources, array $final, array $unchanged, array $deployed, array $present ): void {
		$contents = array();
		foreach ( $sources as $slug => $source ) {
			$contents[ $final[ $slug ] ] = $source;
		}
		$asked    = array_diff( array_unique( array_merge( array_map( 'strval', array_keys( $contents ) ), array_values( $unchanged ) ) ), $present );
		$known    = array_flip( $this->blobs->present( array_values( $asked ) ) ) + array_flip( $present );
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
