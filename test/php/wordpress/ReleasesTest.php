<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Release\Change;
use Svc\Release\NodeReports;
use Svc\Release\ReleaseKind;
use Svc\Release\ReleaseStore;
use Svc\Release\Schema;
use Svc\Storage\Guard;
use Svc\Storage\Trees;
use Svc\Validation\CheckKey;
use Svc\Validation\ScanVerdict;

/**
 * The release model on disk and in the database (docs/architecture.md, "Releases").
 */
final class ReleasesTest extends SvcTestCase {

	public function test_a_release_is_served_from_its_own_tree_through_the_api_link(): void {
		$source  = self::route( self::unique( 'Stored' ) );
		$outcome = $this->deploy( array( 'users/[id]' => $source ) );
		$id      = (int) $outcome['release']['id'];
		$this->assertTrue( is_link( $this->root . '/api' ) );
		$this->assertMatchesRegularExpression( '#^trees/r' . $id . '-[a-f0-9]+$#', (string) readlink( $this->root . '/api' ) );
		$stored = (string) file_get_contents( $this->root . '/api/users/[id].php' );
		$this->assertStringContainsString( 'declare(strict_types=1);' . Guard::TEXT, $stored );
		$this->assertSame( $source, $this->files->read( 'users/[id]' ) );
		$this->assertSame( $id, ( new ReleaseStore() )->active_id( true ) );
	}

	public function test_every_directory_svc_creates_has_an_empty_index_php(): void {
		$this->deploy( array( 'a/b/c' => self::route( self::unique( 'Deep' ) ) ) );
		foreach ( array( '', '/trees', '/api', '/api/a', '/api/a/b' ) as $dir ) {
			$this->assertFileExists( $this->root . $dir . '/index.php' );
			$this->assertSame( '', file_get_contents( $this->root . $dir . '/index.php' ) );
		}
	}

	public function test_only_the_served_tree_and_the_one_before_it_stay_on_disk(): void {
		$class = self::unique( 'One' );
		$this->deploy(
			array(
				'one' => self::route( $class ),
				'two' => self::route( self::unique( 'Two' ) ),
			)
		);
		$previous = basename( (string) readlink( $this->root . '/api' ) );
		$this->deploy( array( 'one' => self::route( $class, '// v2' ) ) );
		$served = basename( (string) readlink( $this->root . '/api' ) );
		$this->assertEqualsCanonicalizing( array( $previous, $served ), $this->kept_trees() );
		$this->deploy( array( 'one' => self::route( $class, '// v3' ) ) );
		$files = array_keys( $this->tree() );
		$this->assertNotContains( "trees/{$previous}/one.php", $files );
		$this->assertContains( "trees/{$served}/one.php", $files );
		$this->assertSame( 2, count( $this->kept_trees() ) );
		$this->assertSame( array(), preg_grep( '/\.(tmp|bak)\.php$|^\.build-|^\.api-/', $files ) );
		// The manifests (head and shards) of a tree that is gone go with it; the served tree's stay.
		$manifests = array_map( 'basename', (array) glob( $this->root . '/cache/{manifest-*.php,.manifest-*.php}', GLOB_BRACE ) );
		$this->assertSame( array(), array_values( preg_grep( '/^\.?manifest-' . preg_quote( $previous, '/' ) . '[.-]/', $manifests ) ) );
		$this->assertContains( "manifest-{$served}.php", $manifests );
	}

	public function test_a_rollback_takes_the_files_a_kept_tree_holds_and_writes_an_edited_one_again(): void {
		$one   = self::route( self::unique( 'One' ) );
		$two   = self::route( self::unique( 'Two' ) );
		$first = (int) $this->deploy(
			array(
				'one'     => $one,
				'dir/two' => $two,
			)
		)['release']['id'];
		$tree  = $this->root . '/' . readlink( $this->root . '/api' );
		$this->deploy(
			array(
				'one'     => self::route( self::unique( 'OneB' ) ),
				'dir/two' => self::route( self::unique( 'TwoB' ) ),
			)
		);
		// The kept tree's copy of two is edited in place: it is no longer release 1's file.
		file_put_contents( "{$tree}/dir/two.php", file_get_contents( "{$tree}/dir/two.php" ) . "// edited\n" );
		$inodes = array(
			'one' => fileinode( "{$tree}/one.php" ),
			'two' => fileinode( "{$tree}/dir/two.php" ),
		);
		$this->assertIsArray( self::answer( $this->deployer->rollback( $first, false ) ) );
		$this->assertSame( $inodes['one'], fileinode( $this->root . '/api/one.php' ), 'the same file, a second name' );
		$this->assertNotSame( $inodes['two'], fileinode( $this->root . '/api/dir/two.php' ), 'written again from the stored content' );
		$this->store->invalidate();
		$this->assertSame( $one, $this->files->read( 'one' ) );
		$this->assertSame( $two, $this->files->read( 'dir/two' ) );

		// Release 1's own tree is gone now; after another push, the tree of the rollback before it
		// (kept as the one before the served) still holds its files.
		$inode = fileinode( $this->root . '/api/dir/two.php' );
		$this->deploy( array( 'one' => self::route( self::unique( 'OneC' ) ) ) );
		$this->assertNull( $this->trees()->release_tree( $first ) );
		$this->assertIsArray( self::answer( $this->deployer->rollback( $first, false ) ) );
		$this->assertSame( $inode, fileinode( $this->root . '/api/dir/two.php' ) );
		$this->store->invalidate();
		$this->assertSame( $one, $this->files->read( 'one' ) );
		$this->assertSame( $two, $this->files->read( 'dir/two' ) );
	}

	private function trees(): Trees {
		return new Trees( $this->paths );
	}

	public function test_a_push_takes_its_unchanged_files_from_the_served_tree_and_a_node_catching_up_too(): void {
		$kept = self::route( self::unique( 'Kept' ) );
		$this->deploy(
			array(
				'kept'    => $kept,
				'changed' => self::route( self::unique( 'Changed' ) ),
			)
		);
		$inode = fileinode( $this->root . '/api/kept.php' );
		$this->deploy( array( 'changed' => self::route( self::unique( 'ChangedB' ) ) ) );
		$this->assertSame( $inode, fileinode( $this->root . '/api/kept.php' ) );
		// Another node's release: this node builds it from the database beside the tree it serves.
		$new = self::route( self::unique( 'Elsewhere' ) );
		$this->commit_in_database_only(
			array(
				'kept'    => $kept,
				'changed' => $new,
			),
			array(
				'added'   => array(),
				'changed' => array( 'changed' ),
				'removed' => array(),
			)
		);
		$this->deployer->catch_up();
		$this->store->invalidate();
		$this->assertSame( $new, $this->files->read( 'changed' ) );
		$this->assertSame( $inode, fileinode( $this->root . '/api/kept.php' ) );
	}

	public function test_a_node_catching_up_lets_the_lock_go_before_it_tidies_at_the_end_of_the_request(): void {
		$this->deploy( array( 'hello' => self::route( self::unique( 'First' ) ) ) );
		$first = basename( (string) readlink( $this->root . '/api' ) );
		$this->deploy( array( 'hello' => self::route( self::unique( 'Second' ) ) ) );
		$second = basename( (string) readlink( $this->root . '/api' ) );
		$id     = $this->commit_in_database_only(
			array( 'hello' => self::route( self::unique( 'Elsewhere' ) ) ),
			array(
				'added'   => array(),
				'changed' => array( 'hello' ),
				'removed' => array(),
			)
		);
		global $wp_filter;
		$shutdown = $wp_filter['shutdown'] ?? null;
		remove_all_actions( 'shutdown' );
		try {
			$this->deployer->catch_up();
			$served = basename( (string) readlink( $this->root . '/api' ) );
			$this->assertStringStartsWith( 'r' . $id . '-', $served );
			// The other requests of this node, waiting for the swap, can have the lock now.
			$lock = fopen( $this->root . '/cache/.lock', 'c' );
			$this->assertTrue( flock( $lock, LOCK_EX | LOCK_NB ) );
			flock( $lock, LOCK_UN );
			fclose( $lock );
			$this->assertEqualsCanonicalizing( array( $first, $second, $served ), $this->kept_trees() );
			do_action( 'shutdown' );
		} finally {
			remove_all_actions( 'shutdown' );
			if ( null !== $shutdown ) {
				$wp_filter['shutdown'] = $shutdown; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
			}
		}
		$this->assertEqualsCanonicalizing( array( $second, $served ), $this->kept_trees() );
		$this->assertSame( $id, ( new NodeReports() )->all()[ NodeReports::this_node() ]['release'] ?? null );
	}

	/**
	 * @return list<string>
	 */
	private function kept_trees(): array {
		return array_values( array_diff( (array) scandir( $this->root . '/trees' ), array( '.', '..', 'index.php' ) ) );
	}

	public function test_a_commit_repeated_with_its_id_answers_the_release_it_made_and_makes_no_other(): void {
		$this->deploy( array( 'first' => self::route( self::unique( 'First' ) ) ) );
		$releases = new ReleaseStore();
		$base     = $releases->active_id( true );
		$source   = self::route( self::unique( 'Again' ) );
		$hash     = hash( 'sha256', $source );
		$id       = bin2hex( random_bytes( 16 ) );
		$change   = new Change( files: array( 'again' => $hash ), inline: array( $hash => $source ), base: $base, commit_id: $id );
		$made     = self::answer( $this->deployer->commit( $change ) );
		$this->assertIsArray( $made );
		$this->assertArrayNotHasKey( 'replayed', $made );
		$release = (int) $made['release']['id'];
		$count   = count( $releases->all() );

		// The answer was lost: the same commit again, planned against the release it replaced.
		$again = self::answer( $this->deployer->commit( $change ) );
		$this->assertIsArray( $again );
		$this->assertTrue( $again['replayed'] ?? false );
		$this->assertSame( $release, (int) $again['release']['id'] );
		$this->assertSame( array( 'again' ), $again['plan']['added'] );
		$this->assertSame( $count, count( $releases->all() ) );
		$this->assertSame( $release, $releases->active_id( true ) );

		// The same id for another kind of change is the client's mistake: refused, nothing made.
		$reused = self::answer( $this->deployer->commit( new Change( files: array(), remove: array( 'again' ), kind: ReleaseKind::RM, commit_id: $id ) ) );
		$this->assertInstanceOf( WP_Error::class, $reused );
		$this->assertSame( 409, $reused->get_error_data()['status'] ?? null );
		$this->assertSame( 'svc_commit_id_reused', $reused->get_error_code() );
		$this->assertSame( $release, $releases->active_id( true ) );
		$this->assertSame( $count, count( $releases->all() ) );

		// Without an id, the same change is planned as any other: the base moved, so it is refused.
		$moved = self::answer( $this->deployer->commit( new Change( files: array( 'again' => $hash ), inline: array( $hash => $source ), base: $base ) ) );
		$this->assertInstanceOf( WP_Error::class, $moved );
		$this->assertSame( 'svc_release_moved', $moved->get_error_code() );
	}

	public function test_a_rollback_a_promote_and_a_removal_repeated_with_their_ids_answer_the_release_they_made(): void {
		$releases = new ReleaseStore();
		$first    = (int) $this->deploy( array( 'one' => self::route( self::unique( 'RepeatOne' ) ) ) )['release']['id'];
		$this->deploy( array( 'two' => self::route( self::unique( 'RepeatTwo' ) ) ) );
		$second = $releases->active_id( true );

		$id     = bin2hex( random_bytes( 16 ) );
		$rolled = self::answer( $this->deployer->rollback( $first, false, $second, null, $id ) );
		$this->assertIsArray( $rolled );
		$made  = (int) $rolled['release']['id'];
		$count = count( $releases->all() );
		// The answer was lost: the same rollback again, planned against the release it replaced.
		$again = self::answer( $this->deployer->rollback( $first, false, $second, null, $id ) );
		$this->assertIsArray( $again );
		$this->assertTrue( $again['replayed'] ?? false );
		$this->assertSame( $made, (int) $again['release']['id'] );
		$this->assertSame( array( 'two' ), $again['plan']['removed'] );
		$this->assertSame( $count, count( $releases->all() ) );
		// The same id for a promote is another change: refused, nothing made.
		$reused = self::answer( $this->deployer->promote( 999, false, null, false, null, $id ) );
		$this->assertInstanceOf( WP_Error::class, $reused );
		$this->assertSame( 'svc_commit_id_reused', $reused->get_error_code() );

		$source  = self::route( self::unique( 'RepeatPreview' ) );
		$hash    = hash( 'sha256', $source );
		$preview = self::answer( $this->deployer->commit( new Change( files: array( 'three' => $hash ), inline: array( $hash => $source ), kind: ReleaseKind::PREVIEW ) ) );
		$this->assertIsArray( $preview );
		$preview_id = (int) $preview['release']['id'];
		$id         = bin2hex( random_bytes( 16 ) );
		$promoted   = self::answer( $this->deployer->promote( $preview_id, false, $made, false, null, $id ) );
		$this->assertIsArray( $promoted );
		$made = (int) $promoted['release']['id'];
		$this->assertNull( $releases->get( $preview_id ) );
		$count = count( $releases->all() );
		// The preview is gone, yet the repeat answers the promote it made.
		$again = self::answer( $this->deployer->promote( $preview_id, false, $made - 1, false, null, $id ) );
		$this->assertIsArray( $again );
		$this->assertTrue( $again['replayed'] ?? false );
		$this->assertSame( $made, (int) $again['release']['id'] );
		$this->assertSame( $count, count( $releases->all() ) );
		$this->assertSame( $made, $releases->active_id( true ) );
		// The same id naming another preview answers the promote it made and removes nothing.
		$four  = self::route( self::unique( 'RepeatOther' ) );
		$other = self::answer( $this->deployer->commit( new Change( files: array( 'four' => hash( 'sha256', $four ) ), inline: array( hash( 'sha256', $four ) => $four ), kind: ReleaseKind::PREVIEW ) ) );
		$this->assertIsArray( $other );
		$again = self::answer( $this->deployer->promote( (int) $other['release']['id'], false, null, false, null, $id ) );
		$this->assertIsArray( $again );
		$this->assertSame( $made, (int) $again['release']['id'] );
		$this->assertNotNull( $releases->get( (int) $other['release']['id'] ) );

		$id      = bin2hex( random_bytes( 16 ) );
		$removal = new Change( files: array(), remove: array( 'one' ), kind: ReleaseKind::RM, commit_id: $id );
		$removed = self::answer( $this->deployer->commit( $removal ) );
		$this->assertIsArray( $removed );
		$count = count( $releases->all() );
		// Without its id the repeat would be refused (one.php is gone); with it, the release it made.
		$again = self::answer( $this->deployer->commit( $removal ) );
		$this->assertIsArray( $again );
		$this->assertTrue( $again['replayed'] ?? false );
		$this->assertSame( (int) $removed['release']['id'], (int) $again['release']['id'] );
		$this->assertSame( $count, count( $releases->all() ) );
	}

	public function test_a_refused_release_changes_nothing(): void {
		$this->deploy( array( 'keep' => self::route( self::unique( 'Keep' ) ) ) );
		$before  = $this->tree();
		$active  = ( new ReleaseStore() )->active_id( true );
		$refused = self::answer( $this->deployer->commit( new Change( files: array( 'broken' => hash( 'sha256', 'x' ) ), inline: array( hash( 'sha256', 'x' ) => 'x' ) ) ) );
		$this->assertInstanceOf( WP_Error::class, $refused );
		$this->assertSame( 'svc_push_rejected', $refused->get_error_code() );
		$this->assertSame( $before, $this->tree() );
		$this->assertSame( $active, ( new ReleaseStore() )->active_id( true ) );
	}

	public function test_renaming_a_dynamic_segment_and_moving_a_class_is_one_prune_release(): void {
		$user  = self::unique( 'User' );
		$other = self::unique( 'Other' );
		$this->deploy(
			array(
				'users/[id]' => self::route( $user ),
				'a'          => self::route( $other ),
			)
		);
		// The route keeps its shape under a new parameter name; class $other moves from a to b.
		$outcome = $this->deploy(
			array(
				'users/[user]' => self::route( $user ),
				'b'            => self::route( $other ),
			),
			true
		);
		$this->assertSame( array( 'b', 'users/[user]' ), $outcome['plan']['added'] );
		$this->assertSame( array( 'a', 'users/[id]' ), $outcome['plan']['removed'] );
		$this->assertSame( array( 'b', 'users/[user]' ), array_keys( $this->files->inventory()['files'] ) );
	}

	public function test_removing_the_last_file_of_a_directory_removes_the_directory(): void {
		$this->deploy(
			array(
				'users/[id]' => self::route( self::unique( 'U1' ) ),
				'users/me'   => self::route( self::unique( 'U2' ) ),
				'top'        => self::route( self::unique( 'T' ) ),
			)
		);
		$this->deploy( array(), false, array( 'users/[id]' ) );
		$this->assertDirectoryExists( $this->root . '/api/users' );
		$this->deploy( array(), false, array( 'users/me' ) );
		$this->assertDirectoryDoesNotExist( $this->root . '/api/users' );
		$this->assertFileExists( $this->root . '/api/top.php' );
	}

	public function test_the_inventory_skips_guards_dot_files_and_non_php_files(): void {
		$this->deploy(
			array(
				'real'       => self::route( self::unique( 'Real' ) ),
				'nested/too' => self::route( self::unique( 'Too' ) ),
			)
		);
		file_put_contents( $this->root . '/api/.hidden.php.abc.tmp', 'x' );
		file_put_contents( $this->root . '/api/notes.txt', 'x' );
		$this->assertSame( array( 'nested/too', 'real' ), array_keys( $this->files->inventory()['files'] ) );
	}

	public function test_links_are_listed_never_read_and_gone_after_the_next_release(): void {
		$this->deploy( array( 'real' => self::route( self::unique( 'Real' ) ) ) );
		$outside = $this->root . '-outside';
		mkdir( $outside );
		file_put_contents( $outside . '/secret.php', "<?php\ndeclare(strict_types=1);\nfinal class Secret { public function get(): array { return array(); } }\n" );
		symlink( $outside . '/secret.php', $this->root . '/api/conf.php' );
		symlink( $outside, $this->root . '/api/dir' );
		try {
			// Planted between requests: the next one reads the manifest from disk, not the copy the
			// release kept in memory (ManifestStore::adopt).
			$this->store->invalidate();
			$files = $this->store->verified()['files'];
			$this->assertSame( array( 'conf', 'dir', 'real' ), array_map( 'strval', array_keys( $files ) ) );
			$this->assertStringContainsString( 'symbolic link', (string) $files['conf']['error'] );
			$this->assertStringContainsString( 'symbolic link', (string) $files['dir']['error'] );
			$this->assertNull( $this->files->read( 'conf' ) );
			$this->assertNotNull( $this->loader->load( 'conf' ) );
			$this->assertFalse( class_exists( 'Secret', false ) );
			$outcome = $this->deploy( array(), false, array( 'conf' ) );
			$this->assertSame( array( 'conf', 'dir' ), $outcome['plan']['removed'] );
			$this->assertSame( array( 'real' ), array_keys( $this->files->inventory()['files'] ) );
			$this->assertFileExists( $outside . '/secret.php' );
		} finally {
			exec( 'rm -rf ' . escapeshellarg( $outside ) );
		}
	}

	public function test_a_crash_between_commit_and_swap_is_repaired_by_the_next_request(): void {
		$old = self::route( self::unique( 'Old' ) );
		$this->deploy( array( 'hello' => $old ) );
		$new = self::route( self::unique( 'New' ) );
		// What a worker killed right after the database commit leaves: the new release active, the
		// old tree served.
		$id = $this->commit_in_database_only(
			array( 'hello' => $new ),
			array(
				'added'   => array(),
				'changed' => array( 'hello' ),
				'removed' => array(),
			)
		);
		$this->assertSame( $old, $this->files->read( 'hello' ) );
		$this->deployer->catch_up();
		$this->store->invalidate();
		$this->assertSame( $new, $this->files->read( 'hello' ) );
		$this->assertStringStartsWith( 'trees/r' . $id . '-', (string) readlink( $this->root . '/api' ) );
	}

	public function test_files_found_before_the_first_release_become_the_import_release(): void {
		mkdir( $this->root . '/api', 0777, true );
		$by_hand = self::route( self::unique( 'ByHand' ) );
		file_put_contents( $this->root . '/api/by-hand.php', $by_hand );
		$this->deploy( array( 'pushed' => self::route( self::unique( 'Pushed' ) ) ) );
		$releases = ( new ReleaseStore() )->all();
		$this->assertSame( array( 'push', 'import' ), array_column( $releases, 'kind' ) );
		$this->assertSame( array( 'by-hand' => hash( 'sha256', $by_hand ) ), $releases[1]['files'] );
		$this->assertSame( $by_hand, $this->files->read( 'by-hand' ) );
		$this->assertTrue( is_link( $this->root . '/api' ) );
	}

	public function test_rollback_makes_a_new_release_with_the_previous_files(): void {
		$first = self::route( self::unique( 'First' ) );
		$this->deploy( array( 'hello' => $first ) );
		$this->deploy(
			array(
				'hello' => self::route( self::unique( 'Second' ) ),
				'extra' => self::route( self::unique( 'Extra' ) ),
			)
		);
		$outcome = $this->deployer->rollback( null, false );
		$this->assertIsArray( $outcome );
		$this->assertSame( 'rollback', $outcome['release']['kind'] );
		$this->assertSame( array( 'extra' ), $outcome['plan']['removed'] );
		$this->assertSame( $first, $this->files->read( 'hello' ) );
		$this->assertNull( $this->files->read( 'extra' ) );
	}

	public function test_a_release_of_thousands_of_files_is_recorded_whole(): void {
		$this->deploy( array( 'kept' => self::route( self::unique( 'Kept' ) ) ) );
		$store  = new ReleaseStore();
		$active = $store->get( $store->active_id( true ) );
		$this->assertNotNull( $active );
		// 5,000 names of 40 characters: a summary of about 210 KB, over a TEXT column's 64 KB.
		$added = array();
		for ( $i = 0; $i < 5000; $i++ ) {
			$added[] = sprintf( 'reports/quarterly/%04d/summary-by-region', $i );
		}
		$id = $store->activate(
			$active['files'],
			'push',
			array(
				'added'   => $added,
				'changed' => array(),
				'removed' => array(),
			)
		);
		$this->assertSame( $added, $store->get( $id )['summary']['added'] ?? null );
	}

	public function test_only_the_newest_releases_are_kept(): void {
		add_filter( 'svc_keep_releases', static fn (): int => 3 );
		try {
			$class = self::unique( 'Kept' );
			for ( $i = 0; $i < 5; $i++ ) {
				$this->deploy( array( 'hello' => self::route( $class, "// v{$i}" ) ) );
			}
			$this->assertCount( 3, ( new ReleaseStore() )->all() );
		} finally {
			remove_all_filters( 'svc_keep_releases' );
		}
	}

	public function test_dev_releases_are_kept_apart_and_never_push_a_deploy_out(): void {
		add_filter( 'svc_keep_releases', static fn (): int => 3 );
		add_filter( 'svc_keep_dev_releases', static fn (): int => 2 );
		try {
			$class = self::unique( 'DevKept' );
			for ( $i = 0; $i < 3; $i++ ) {
				$this->deploy( array( 'hello' => self::route( $class, "// deploy {$i}" ) ) );
			}
			for ( $i = 0; $i < 5; $i++ ) {
				$source  = self::route( $class, "// save {$i}" );
				$outcome = $this->deployer->commit( new Change( files: array( 'hello' => hash( 'sha256', $source ) ), inline: array( hash( 'sha256', $source ) => $source ), kind: ReleaseKind::DEV ) );
				$this->assertIsArray( $outcome );
				$this->assertSame( 'dev', $outcome['release']['kind'] ?? null );
			}
			$kinds = array_map( static fn ( array $release ): string => (string) $release['kind'], ( new ReleaseStore() )->all() );
			$this->assertSame( array( 'dev', 'dev', 'push', 'push', 'push' ), $kinds );
		} finally {
			remove_all_filters( 'svc_keep_releases' );
			remove_all_filters( 'svc_keep_dev_releases' );
		}
	}

	public function test_contents_that_passed_their_checks_are_remembered_and_still_checked_against_the_set(): void {
		$class  = self::unique( 'Remembered' );
		$source = self::route( $class );
		$hash   = hash( 'sha256', $source );
		$this->deploy( array( 'a' => $source ) );
		$this->assertSame( array( $hash => $class ), $this->blobs->stored( array( $hash ), null, array( $hash => true ) )['classes'] );
		$this->deploy( array( 'other' => self::route( self::unique( 'Other' ) ) ), true );
		// Brought back under another name beside a new file declaring the same class: still refused.
		$twin    = self::route( $class, '// twin' );
		$refused = self::answer(
			$this->deployer->commit(
				new Change(
					files: array(
						'a'    => $hash,
						'twin' => hash( 'sha256', $twin ),
					),
					inline: array( hash( 'sha256', $twin ) => $twin )
				)
			)
		);
		$this->assertInstanceOf( WP_Error::class, $refused );
		$this->assertSame( array( 'svc_class_taken' ), array_values( array_unique( array_column( $refused->get_error_data()['errors'], 'code' ) ) ) );
	}

	public function test_a_content_that_passed_its_lexical_checks_is_not_scanned_again_under_the_same_rules(): void {
		global $wpdb;
		$short  = self::unique( 'Scanned' );
		$class  = 'Acme\\Verdicts\\' . $short;
		$source = self::route( $short, 'public function get(): array { return array(); }', 'namespace Acme\\Verdicts;' );
		$hash   = hash( 'sha256', $source );
		$first  = (int) $this->deploy( array( 'a' => $source ) )['release']['id'];
		$key    = CheckKey::current();
		$this->assertNotNull( $key );
		$verdict = static fn (): ?string => $wpdb->get_var( $wpdb->prepare( 'SELECT scanned FROM ' . Schema::blobs() . ' WHERE hash = %s', $hash ) ); // phpcs:ignore WordPress.DB
		$this->assertSame( $class, ScanVerdict::decode( $verdict(), $key )['class'] ?? null );
		$this->deploy( array( 'a' => self::route( $short, '// changed', 'namespace Acme\\Verdicts;' ) ) );

		// A verdict given under $under that says the file declares a class WordPress has.
		$forge = static function ( string $under ) use ( $wpdb, $hash ): void {
			$wpdb->update(
				Schema::blobs(),
				array(
					'scanned' => ScanVerdict::encode(
						$under,
						array(
							'class'     => 'WP_Post',
							'others'    => array(),
							'functions' => array(),
						)
					),
				),
				array( 'hash' => $hash )
			); // phpcs:ignore WordPress.DB
		};
		// What the verdict says is what a rollback checks: told that the file declares a class WordPress
		// has, the rollback is refused without the file being scanned.
		$forge( $key );
		$refused = self::answer( $this->deployer->rollback( $first, false ) );
		$this->assertInstanceOf( WP_Error::class, $refused );
		$this->assertSame( array( 'svc_class_taken' ), array_values( array_unique( array_column( $refused->get_error_data()['errors'], 'code' ) ) ) );

		// Given under other rules, it is no verdict: the file is scanned again, and its own one kept.
		$forge( 'other rules' );
		$rolled = self::answer( $this->deployer->rollback( $first, false ) );
		$this->assertNotInstanceOf( WP_Error::class, $rolled );
		$this->assertSame( $first, (int) ( $rolled['release']['rollback_of'] ?? 0 ) );
		$this->assertSame( $class, ScanVerdict::decode( $verdict(), $key )['class'] ?? null );
	}

	public function test_a_site_made_before_verdicts_were_kept_gains_their_column_and_keeps_its_contents(): void {
		global $wpdb;
		$class  = self::unique( 'Upgraded' );
		$source = self::route( $class );
		$first  = (int) $this->deploy( array( 'a' => $source ) )['release']['id'];
		// A table of schema 8 had no `scanned` column: the upgrade adds it, and its contents stay.
		$wpdb->query( 'ALTER TABLE ' . Schema::blobs() . ' DROP COLUMN scanned' ); // phpcs:ignore WordPress.DB
		update_option( Schema::VERSION_OPTION, '8' );
		Schema::ensure();
		$this->assertContains( 'scanned', array_column( (array) $wpdb->get_results( 'SHOW COLUMNS FROM ' . Schema::blobs(), ARRAY_A ), 'Field' ) ); // phpcs:ignore WordPress.DB
		$this->deploy( array( 'a' => self::route( $class, '// changed' ) ) );
		$rolled = self::answer( $this->deployer->rollback( $first, false ) );
		$this->assertNotInstanceOf( WP_Error::class, $rolled );
		$this->assertSame( $class, ScanVerdict::decode( $wpdb->get_var( $wpdb->prepare( 'SELECT scanned FROM ' . Schema::blobs() . ' WHERE hash = %s', hash( 'sha256', $source ) ) ), (string) CheckKey::current() )['class'] ?? null ); // phpcs:ignore WordPress.DB
	}

	public function test_a_crash_between_the_first_commit_and_the_swap_of_a_plain_api_directory_is_repaired(): void {
		mkdir( $this->root . '/api', 0777, true );
		$by_hand = self::route( self::unique( 'ByHand' ) );
		file_put_contents( $this->root . '/api/by-hand.php', $by_hand );
		$pushed = self::route( self::unique( 'Pushed' ) );
		// The worker died after the database commit, before the plain directory was moved aside.
		$this->commit_in_database_only(
			array(
				'by-hand' => $by_hand,
				'pushed'  => $pushed,
			),
			array(
				'added'   => array( 'pushed' ),
				'changed' => array(),
				'removed' => array(),
			)
		);
		$this->deployer->catch_up();
		$this->store->invalidate();
		$this->assertTrue( is_link( $this->root . '/api' ) );
		$this->assertSame( $pushed, $this->files->read( 'pushed' ) );
		$this->assertSame( $by_hand, $this->files->read( 'by-hand' ) );
	}

	public function test_a_rollback_takes_what_was_learned_of_the_files_it_restores_instead_of_scanning_them(): void {
		$first = self::route( self::unique( 'First' ) );
		$this->deploy( array( 'hello' => $first ) );
		// Loaded once: the manifest of this release's tree records the boot.
		$this->store->record_boot( 'hello', (string) $this->store->entry( 'hello' )['stamp'], null );
		$this->store->flush();
		$this->deploy( array( 'hello' => self::route( self::unique( 'Second' ) ) ) );
		$this->assertFalse( $this->store->entry( 'hello' )['booted'] );

		$this->assertIsArray( $this->deployer->rollback( null, false ) );
		$this->store->invalidate();
		$this->assertSame( $first, $this->files->read( 'hello' ) );
		// The first tree's entry, carried over by its bytes (a scan would know nothing of a boot).
		$this->assertTrue( $this->store->entry( 'hello' )['booted'] );
		$this->assertSame( hash( 'sha256', $first ), $this->store->entry( 'hello' )['hash'] );
	}

	public function test_after_a_release_the_request_keeps_the_manifest_it_built_for_the_new_tree_instead_of_building_it_again(): void {
		$first = self::route( self::unique( 'First' ) );
		$this->deploy( array( 'hello' => $first ) );
		$this->deploy( array( 'hello' => self::route( self::unique( 'Second' ) ) ) );
		$this->assertIsArray( $this->deployer->rollback( null, false ) );
		// The saved copy, gone: a request that read the manifest from disk would build and save it again.
		$heads = glob( $this->root . '/cache/manifest-' . $this->paths->served_tree() . '*.php' );
		$this->assertNotEmpty( $heads );
		array_map( 'unlink', $heads );
		$this->assertSame( hash( 'sha256', $first ), $this->store->current()['files']['hello']['hash'] );
		$this->assertSame( array(), glob( $this->root . '/cache/manifest-' . $this->paths->served_tree() . '*.php' ) );

		// Only the tree served now is taken; the next request reads from disk again.
		$this->store->adopt( 'r999-0000000000000000', array( 'files' => array() ) + $this->store->current() );
		$this->assertSame( hash( 'sha256', $first ), $this->store->current()['files']['hello']['hash'] );
		$this->assertNotEmpty( glob( $this->root . '/cache/manifest-' . $this->paths->served_tree() . '*.php' ) );
	}

	public function test_the_release_served_hook_is_given_the_store_that_holds_the_new_trees_manifest(): void {
		$given = array();
		$catch = static function ( mixed $release, mixed $store = null ) use ( &$given ): void {
			$given[] = array( $release, $store );
		};
		add_action( 'svc_release_served', $catch, 10, 2 );
		try {
			$this->deploy( array( 'hello' => self::route( self::unique( 'Served' ) ) ) );
		} finally {
			remove_action( 'svc_release_served', $catch, 10 );
		}
		$this->assertCount( 1, $given );
		$this->assertSame( $this->paths->served_release(), $given[0][0] );
		// The early cache publishes from it, without reading the racy copy back and building it again.
		$this->assertSame( $this->store, $given[0][1] );
	}

	public function test_a_rollback_to_the_import_release_takes_what_was_learned_of_the_plain_api_directory(): void {
		mkdir( $this->root . '/api', 0777, true );
		$by_hand = self::route( self::unique( 'ByHand' ) );
		file_put_contents( $this->root . '/api/by-hand.php', $by_hand );
		// Loaded once before svc's first release: the plain directory's manifest records the boot.
		$this->store->record_boot( 'by-hand', (string) $this->store->entry( 'by-hand' )['stamp'], null );
		$this->store->flush();
		$this->deploy( array( 'by-hand' => self::route( self::unique( 'Pushed' ) ) ) );
		$this->assertFalse( $this->store->entry( 'by-hand' )['booted'] );
		$import = ( new ReleaseStore() )->all()[1];
		$this->assertSame( 'import', $import['kind'] );

		$this->assertIsArray( $this->deployer->rollback( (int) $import['id'], false ) );
		$this->store->invalidate();
		$this->assertSame( $by_hand, $this->files->read( 'by-hand' ) );
		// The plain directory's entry, carried over by its bytes (a scan would know nothing of a boot).
		$this->assertTrue( $this->store->entry( 'by-hand' )['booted'] );
		$this->assertSame( hash( 'sha256', $by_hand ), $this->store->entry( 'by-hand' )['hash'] );
	}

	public function test_boot_records_saved_at_once_by_many_requests_are_all_kept(): void {
		if ( ! function_exists( 'pcntl_fork' ) || ! function_exists( 'posix_kill' ) ) {
			$this->markTestSkipped( 'needs pcntl and posix to run requests at once' );
		}
		$sources = array();
		for ( $i = 0; $i < 12; $i++ ) {
			$sources[ "boot/f{$i}" ] = self::route( self::unique( 'Boot' ) );
		}
		$this->deploy( $sources );
		$manifest = $this->store->verified();
		$children = array();
		foreach ( array_keys( $sources ) as $slug ) {
			$pid = pcntl_fork();
			if ( 0 === $pid ) {
				// One request: its own store reads the cached manifest and saves one boot record.
				$store = Svc\Components::manifest_store( $this->files );
				$store->current();
				$store->record_boot( (string) $slug, $manifest['files'][ $slug ]['stamp'], null );
				$store->flush();
				// Killed, not exited: an exit would run WordPress's shutdown and close the shared database connection.
				posix_kill( getmypid(), SIGKILL );
			}
			$children[] = $pid;
		}
		foreach ( $children as $pid ) {
			pcntl_waitpid( $pid, $status );
		}
		$this->store->invalidate();
		$booted = array_filter( $this->store->current()['files'], static fn ( array $entry ): bool => $entry['booted'] );
		$this->assertEqualsCanonicalizing( array_keys( $sources ), array_map( 'strval', array_keys( $booted ) ) );
	}
}
