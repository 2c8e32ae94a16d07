<?php
/**
 * The objects a site's routes are deployed, stored and served through.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc;

use Svc\Manifest\BootLock;
use Svc\Manifest\BootRecords;
use Svc\Manifest\Freshness;
use Svc\Manifest\ManifestBuilder;
use Svc\Manifest\ManifestFiles;
use Svc\Manifest\ManifestStore;
use Svc\Manifest\ManifestView;
use Svc\Manifest\ManifestWriters;
use Svc\Manifest\MetaStore;
use Svc\Release\BlobStore;
use Svc\Release\Deployer;
use Svc\Release\NodeReports;
use Svc\Release\ReleaseStore;
use Svc\Runtime\FatalErrorMonitor;
use Svc\Runtime\RouteLoader;
use Svc\Runtime\VendorAutoload;
use Svc\Settings\RouteNamespace;
use Svc\Storage\Disk;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;
use Svc\Storage\Trees;

/**
 * Built the same way for the REST API (Plugin::set_up_rest) and for WP-CLI (Cli\Commands), so
 * both halves act on one site through one set of objects.
 *
 * @property-read Deployer    $deployer
 * @property-read BlobStore   $blobs
 * @property-read NodeReports $nodes
 */
final class Components {

	private ?BlobStore $lazy_blobs   = null;
	private ?NodeReports $lazy_nodes = null;
	private ?Deployer $lazy_deployer = null;

	public readonly RouteFiles $files;
	public readonly ManifestStore $store;
	public readonly ReleaseStore $releases;
	public readonly FatalErrorMonitor $monitor;
	public readonly RouteLoader $loader;

	/**
	 * @param RouteNamespace $route_namespace The request's, when it has one already (Plugin reads the
	 *                                        namespace before it knows whether svc is needed).
	 */
	public function __construct( public readonly Paths $paths, public readonly RouteNamespace $route_namespace = new RouteNamespace() ) {
		$this->files    = new RouteFiles( $paths );
		$this->store    = self::manifest_store( $this->files );
		$this->releases = new ReleaseStore();
		$this->monitor  = new FatalErrorMonitor();
		$this->loader   = new RouteLoader( $this->store, new VendorAutoload( $paths, $this->store, $this->monitor ), $this->monitor );
	}

	/**
	 * The deploying half ($deployer, $blobs, $nodes), built when first read: a request for a route
	 * needs none of it.
	 */
	public function __get( string $name ): mixed {
		return match ( $name ) {
			'blobs'    => $this->lazy_blobs    ??= new BlobStore(),
			'nodes'    => $this->lazy_nodes    ??= new NodeReports(),
			'deployer' => $this->lazy_deployer ??= new Deployer( $this->paths, $this->store, $this->blobs, $this->releases, new Trees( $this->paths ), $this->nodes ),
			default    => throw new \LogicException( esc_html( 'Components has no ' . $name ) ),
		};
	}

	public function __isset( string $name ): bool {
		return in_array( $name, array( 'blobs', 'nodes', 'deployer' ), true );
	}

	/**
	 * The manifest store of the tree $files are read from, and the parts it is made of. Also how
	 * tests build one (with a Disk that fails on cue), and how a store builds the store of the tree
	 * it primes: on the same disk.
	 */
	public static function manifest_store( RouteFiles $files, ?Disk $disk = null ): ManifestStore {
		$paths     = $files->paths();
		$manifests = new ManifestFiles( $paths, $disk );
		$view      = new ManifestView( $manifests );
		return new ManifestStore(
			$paths,
			$manifests,
			$view,
			new Freshness( $paths ),
			// What writes, when the manifest is first rebuilt or a record saved: serving a route from a
			// fresh manifest only reads.
			static function () use ( $files, $manifests, $view, $paths ): ManifestWriters {
				$lock = new BootLock( $paths );
				return new ManifestWriters( new ManifestBuilder( $files ), new BootRecords( $manifests, $view, $lock ), new MetaStore( $manifests, $view, $lock ), $lock );
			},
			static fn ( string $tree ): ManifestStore => self::manifest_store( new RouteFiles( $paths->for_tree( $tree ) ), $disk ),
		);
	}
}
