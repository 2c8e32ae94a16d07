<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Components;
use Svc\Manifest\ManifestStore;
use Svc\Release\BlobStore;
use Svc\Release\Change;
use Svc\Release\Deployer;
use Svc\Release\Refusal;
use Svc\Release\ReleaseStore;
use Svc\Release\Schema;
use Svc\Runtime\FatalErrorMonitor;
use Svc\Runtime\RouteLoader;
use Svc\Rest\Refusals;
use Svc\Runtime\VendorAutoload;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;
use Svc\Storage\Trees;

/**
 * A fresh svc tree in a temp dir for each test, with the real classes wired as Plugin wires them.
 */
abstract class SvcTestCase extends TestCase {

	protected string $root;
	protected Paths $paths;
	protected RouteFiles $files;
	protected ManifestStore $store;
	protected RouteLoader $loader;
	protected Deployer $deployer;
	protected BlobStore $blobs;

	protected function setUp(): void {
		if ( ! function_exists( 'add_filter' ) ) {
			$this->markTestSkipped( 'needs WordPress: run through npm test (SVC_WP_DIR)' );
		}
		$this->root     = sys_get_temp_dir() . '/svc-phpunit-' . bin2hex( random_bytes( 6 ) );
		$this->paths    = new Paths( $this->root );
		$this->files    = new RouteFiles( $this->paths );
		$this->store    = Components::manifest_store( $this->files );
		$monitor        = new FatalErrorMonitor();
		$this->loader   = new RouteLoader( $this->store, new VendorAutoload( $this->paths, $this->store, $monitor ), $monitor );
		$this->blobs    = new BlobStore();
		$this->deployer = new Deployer( $this->paths, $this->store, $this->blobs, new ReleaseStore(), new Trees( $this->paths ) );
		// Each test starts with no release: the tables are the site's, shared by every test.
		global $wpdb;
		Schema::ensure();
		$wpdb->query( 'DELETE FROM ' . Schema::releases() );
		$wpdb->query( 'DELETE FROM ' . Schema::blobs() );
		delete_option( ReleaseStore::ACTIVE_OPTION );
	}

	/**
	 * Pushes sources as one release (laid over the active set), failing the test if it is refused.
	 *
	 * @param array<string, string> $sources Slug => source.
	 * @return array<string, mixed> The Deployer's outcome.
	 */
	protected function deploy( array $sources, bool $prune = false, array $remove = array() ): array {
		$hashes = array();
		$inline = array();
		foreach ( $sources as $slug => $source ) {
			$hashes[ (string) $slug ]            = hash( 'sha256', $source );
			$inline[ hash( 'sha256', $source ) ] = $source;
		}
		$outcome = self::answer( $this->deployer->commit( new Change( files: $hashes, remove: $remove, prune: $prune, inline: $inline ) ) );
		if ( $outcome instanceof WP_Error ) {
			$this->fail( 'the release was refused: ' . $outcome->get_error_message() );
		}
		return $outcome;
	}

	/**
	 * A Deployer outcome as the management API answers it: a refusal becomes its WP_Error.
	 *
	 * @param array<string, mixed>|Refusal $outcome
	 * @return array<string, mixed>|WP_Error
	 */
	protected static function answer( array|Refusal $outcome ): array|WP_Error {
		return $outcome instanceof Refusal ? Refusals::error( $outcome ) : $outcome;
	}

	protected function tearDown(): void {
		// Boot records are saved at shutdown; saved now, they cannot recreate the tree once it is removed.
		if ( isset( $this->store ) ) {
			$this->store->flush();
		}
		if ( isset( $this->root ) && is_dir( $this->root ) ) {
			exec( 'rm -rf ' . escapeshellarg( $this->root ) );
		}
		remove_all_filters( 'svc_max_file_bytes' );
		remove_all_filters( 'svc_max_files_total_bytes' );
		wp_set_current_user( 0 );
	}

	/**
	 * What a commit leaves in the database alone: the contents stored and the release active, nothing
	 * written on this node's disk (a worker killed before the swap, or another node's push).
	 *
	 * @param array<string, string>                                                     $sources Slug => source.
	 * @param array{added: list<string>, changed: list<string>, removed: list<string>} $summary
	 * @return int The release's id.
	 */
	protected function commit_in_database_only( array $sources, array $summary ): int {
		$hashes   = array();
		$contents = array();
		foreach ( $sources as $slug => $source ) {
			$hashes[ (string) $slug ]              = hash( 'sha256', $source );
			$contents[ hash( 'sha256', $source ) ] = $source;
		}
		$this->blobs->put( $contents, array() );
		return ( new ReleaseStore() )->activate( $hashes, 'push', $summary );
	}

	/** A valid route file source with a unique class name. */
	protected static function route( string $class_name, string $body = 'public function get(): array { return array( "ok" => true ); }', string $before = '' ): string {
		return "<?php\ndeclare(strict_types=1);\n{$before}\nfinal class {$class_name} {\n{$body}\n}\n";
	}

	protected static function unique( string $prefix ): string {
		return $prefix . bin2hex( random_bytes( 4 ) );
	}

	/** @return array<string, string> Relative path => sha256, for "nothing changed on disk" checks. */
	protected function tree(): array {
		$tree = array();
		if ( ! is_dir( $this->root ) ) {
			return $tree;
		}
		$iterator = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $this->root, FilesystemIterator::SKIP_DOTS ) );
		foreach ( $iterator as $file ) {
			$relative = substr( $file->getPathname(), strlen( $this->root ) + 1 );
			if ( $file->isLink() ) {
				$tree[ $relative ] = 'link:' . readlink( $file->getPathname() );
			} elseif ( ! str_starts_with( $relative, 'cache/' ) ) {
				$tree[ $relative ] = hash_file( 'sha256', $file->getPathname() );
			}
		}
		ksort( $tree );
		return $tree;
	}
}
