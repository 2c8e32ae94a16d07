<?php
/**
 * Wires every hook of the plugin in one place.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc;

use Closure;
use Svc\EarlyCache\ObjectCacheStore;
use Svc\EarlyCache\Publisher;
use Svc\EarlyCache\Purges;
use Svc\EarlyCache\RouteIndex;
use Svc\Events\EventStore;
use Svc\Events\Recorder;
use Svc\Manifest\ManifestBuilder;
use Svc\Manifest\ManifestStore;
use Svc\Network\DeployCapability;
use Svc\Network\SiteScope;
use Svc\Rest\BlobsController;
use Svc\Rest\CacheController;
use Svc\Rest\DiagnosticsController;
use Svc\Rest\EventsController;
use Svc\Rest\FilesController;
use Svc\Release\BlobStore;
use Svc\Release\Deployer;
use Svc\Release\NodeCounts;
use Svc\Release\NodeReports;
use Svc\Release\ServedTree;
use Svc\Rest\NamespaceController;
use Svc\Rest\OpenApiController;
use Svc\Rest\ReleasesController;
use Svc\Rest\SecretsController;
use Svc\Rest\StatusController;
use Svc\Runtime\AuthorizationFallback;
use Svc\Runtime\Authorizer;
use Svc\Runtime\FatalErrorMonitor;
use Svc\Runtime\CacheHeaders;
use Svc\Runtime\CallbackDepth;
use Svc\Runtime\CoreRoutes;
use Svc\Runtime\HeaderApplier;
use Svc\Runtime\Limits\RateLimiter;
use Svc\Runtime\Registrar;
use Svc\Runtime\RequestScope;
use Svc\Runtime\RouteHandler;
use Svc\Runtime\RouteVisibility;
use Svc\Runtime\PreviewRequest;
use Svc\Rest\Management;
use Svc\Runtime\RouteLoader;
use Svc\Runtime\VendorAutoload;
use Svc\Schedules\CronPlan;
use Svc\Schedules\Reconciler;
use Svc\Schedules\Runner;
use Svc\Secrets\SecretStore;
use Svc\Settings\RouteNamespace;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;
use Svc\Storage\Trees;

/**
 * The composition root. Outside the REST API svc does nothing but register two cheap autoloaders:
 * the route machinery is built on `rest_api_init`, so a front-end page opens no route file and no
 * manifest.
 */
final class Plugin {

	/**
	 * The classes a request svc serves a route for loads and no other request does (profile-a.ts
	 * lists what a request loads): plugin/hot-path.php declares them all, from their files
	 * (scripts/build-hot-path.php writes it; HotPathTest checks it is up to date). None the early
	 * cache's entry point may load before (IndexStamp): the file would not be included.
	 */
	public const HOT_PATH = array(
		'Svc\\Components',
		'Svc\\Storage\\RouteFiles',
		'Svc\\Storage\\Stamp',
		'Svc\\Manifest\\ManifestFiles',
		'Svc\\Manifest\\ManifestView',
		'Svc\\Manifest\\ManifestStore',
		'Svc\\Manifest\\Freshness',
		'Svc\\Manifest\\Shards',
		'Svc\\Storage\\Limits',
		'Svc\\Release\\ReleaseStore',
		'Svc\\Runtime\\FatalErrorMonitor',
		'Svc\\Runtime\\RouteLoader',
		'Svc\\Runtime\\VendorAutoload',
		'Svc\\Release\\ServedTree',
		'Svc\\Schedules\\Reconciler',
		'Svc\\EarlyCache\\Publisher',
		'Svc\\Release\\NodeCounts',
		'Svc\\Runtime\\Authorizer',
		'Svc\\Runtime\\Limits\\RateLimiter',
		'Svc\\Runtime\\Registrar',
		'Svc\\Runtime\\RouteHandler',
		'Svc\\Runtime\\RouteVisibility',
		'Svc\\Runtime\\CacheHeaders',
		'Svc\\Runtime\\HeaderApplier',
		'Svc\\Routing\\Slug',
		'Svc\\Validation\\RouteRules',
		'Svc\\Validation\\ClassNames',
		'Svc\\Contracts\\RouteContract',
		'Svc\\Runtime\\PublicVerb',
		'Svc\\Runtime\\CoreRoutes',
	);

	private static ?Plugin $instance = null;

	public static function instance(): Plugin {
		return self::$instance ??= new Plugin();
	}

	public function set_up(): void {
		$site  = new SiteScope( get_current_blog_id() );
		$paths = Paths::for_site( $site->blog_id() );
		Autoloader::register( 'SvcLib\\', $paths->lib() );
		( new DeployCapability() )->set_up();
		if ( is_multisite() ) {
			( new SiteLifecycle() )->set_up();
		}

		add_action( 'init', array( $this, 'load_textdomain' ) );
		// The early cache's keys are one for the whole network (they carry the site's scope).
		wp_cache_add_global_groups( array( ObjectCacheStore::GROUP ) );
		// A release is active in the database: every node's stored answers wait for its index.
		add_action( 'svc_release_recorded', static fn ( mixed $release ) => Publisher::announce( (int) $release ) );
		// This node serves another release (here or caught up): its route index follows.
		// From the store that served it, which holds the new tree's manifest: read back from disk it is
		// racy (saved in the second its tree was made) and would be built again (ManifestStore::adopt).
		add_action( 'svc_release_served', static fn ( mixed $release, mixed $store = null ): bool => self::publisher( $paths, $store instanceof ManifestStore ? $store : null )->publish( (int) $release ), 10, 2 );
		// Every node's index lists the routes under the old namespace: each publishes again, not only this one.
		add_action(
			'update_option_' . RouteNamespace::OPTION,
			static function () use ( $paths ): void {
				Purges::renew();
				self::publisher( $paths )->publish( $paths->served_release() );
			}
		);
		// #[Schedule]: WordPress asks for svc's intervals only where cron is read; the run builds what it needs.
		add_filter( 'cron_schedules', array( Reconciler::class, 'cron_schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval -- at least 60 s (PolicyAttributes, Schedule's every:), the author's own.
		add_action( CronPlan::HOOK, static fn ( mixed $slug = null, mixed $method = null ) => $site->run( static fn () => self::runner( $paths )->run( $slug, $method ) ), 10, 2 );
		if ( wp_doing_cron() || ( defined( 'WP_CLI' ) && WP_CLI ) ) {
			// Before WP-Cron picks the due events: a release made since the last REST request is in step.
			add_action( 'wp_loaded', fn () => $site->run( fn () => $this->reconcile( new Components( $paths ) ) ) );
		}
		( new AuthorizationFallback() )->set_up();
		// Only a listener: the table is touched when an event happens or is read.
		( new Recorder( new EventStore() ) )->listen();
		// Priority 20: after core and most plugins registered theirs, so `svc_namespace_taken` sees them.
		// In this request's site, even when the REST server is first built while another is current.
		add_action( 'rest_api_init', fn () => $site->run( fn () => $this->on_rest_api_init( $paths, $site ) ), 20 );
		if ( is_admin() ) {
			( new Admin\AdminPage() )->set_up();
		}
		// `wp svc …`: the objects are built only when one of its commands runs.
		if ( defined( 'WP_CLI' ) && WP_CLI ) {
			Cli\Commands::register( static fn (): Components => new Components( $paths ) );
		}
	}

	/**
	 * Includes $file, which declares $classes, unless one of them is declared already (WP-CLI, a test
	 * or another hook loaded it from its own file, or the file was included): a class declared twice
	 * is a fatal error, so then each one loads from its own file, as it would without $file.
	 *
	 * @param list<string> $classes
	 * @return bool Whether $file was included.
	 */
	public static function include_hot_path( string $file, array $classes = self::HOT_PATH ): bool {
		foreach ( $classes as $class_name ) {
			if ( class_exists( $class_name, false ) ) {
				return false;
			}
		}
		require $file;
		return true;
	}

	/**
	 * @internal
	 */
	public function load_textdomain(): void {
		load_plugin_textdomain( 'svc', false, dirname( plugin_basename( SVC_PLUGIN_FILE ) ) . '/languages' );
	}

	/**
	 * Publishes this node's route index for the early cache, from the served tree's manifest ($store's
	 * when given: the store that just served the tree).
	 */
	private static function publisher( Paths $paths, ?ManifestStore $store = null ): Publisher {
		return new Publisher( $store ?? Components::manifest_store( new RouteFiles( $paths ) ), new RouteNamespace() );
	}

	/**
	 * What runs a scheduled method: the active release's objects, built when WP-Cron calls.
	 */
	private static function runner( Paths $paths ): Runner {
		$components = new Components( $paths );
		return new Runner( $components->deployer, $components->store, $components->loader );
	}

	/**
	 * How the files of a preview's tree are listed (GET api-files?release=): by that tree's objects.
	 *
	 * @return Closure(string): FilesController
	 */
	private static function preview_files( Paths $paths, RouteNamespace $route_namespace, Deployer $deployer, NodeReports $nodes ): Closure {
		return static function ( string $tree ) use ( $paths, $route_namespace, $deployer, $nodes ): FilesController {
			$served = new Components( $paths->for_tree( $tree ) );
			return new FilesController( $served->files, $served->store, $served->loader, $route_namespace, $deployer, $nodes );
		};
	}

	private function reconcile( Components $components ): void {
		( new Reconciler( $components->store, $components->releases, $components->paths ) )->check();
	}

	/**
	 * Sets svc's REST half up for a request that may need it. A request for another plugin's or
	 * core's route only gets a watch for the first thing inside it that does (RequestScope): then,
	 * not on every REST request of the site, svc builds its objects, catches up and reconciles.
	 */
	private function on_rest_api_init( Paths $paths, SiteScope $site ): void {
		$route_namespace = new RouteNamespace();
		$scope           = RequestScope::of_request();
		$depth           = self::callback_depth();
		if ( $scope->needs_svc( $route_namespace->get() ) ) {
			$this->set_up_rest( $paths, $site, $scope, $depth, $route_namespace );
			return;
		}
		$woken = false;
		$wake  = function () use ( &$woken, $paths, $site, $scope, $depth, $route_namespace ): void {
			if ( ! $woken ) {
				$woken = true;
				$site->run( fn () => $this->set_up_rest( $paths, $site, $scope, $depth, $route_namespace ) );
			}
		};
		// A request inside this one (rest_do_request()) for an svc route: before svc's own filter (0).
		add_filter(
			'rest_pre_dispatch',
			static function ( mixed $result, \WP_REST_Server $server, \WP_REST_Request $request ) use ( $wake, $route_namespace ): mixed {
				if ( RequestScope::of_route( $request->get_route() )->needs_svc( $route_namespace->get() ) ) {
					$wake();
				}
				return $result;
			},
			-1,
			3
		);
		// A route's code listing the routes (an index, an OpenAPI generator): svc's are listed, as the
		// registrar's own filter (100) adds them to the listing being built.
		add_filter(
			'rest_endpoints',
			static function ( mixed $endpoints ) use ( $wake, $depth ): mixed {
				if ( $depth->depth() > 0 ) {
					$wake();
				}
				return $endpoints;
			},
			99
		);
	}

	/**
	 * How deep this request is in routes' callbacks, counted from its start whether svc is set up
	 * then or woken inside a callback later: code there may list every route (Registrar).
	 */
	private static function callback_depth(): CallbackDepth {
		$depth = new CallbackDepth();
		// First and last: a route's own code runs between the two.
		add_filter(
			'rest_request_before_callbacks',
			static function ( mixed $response ) use ( $depth ): mixed {
				$depth->enter();
				return $response;
			},
			PHP_INT_MIN
		);
		add_filter(
			'rest_request_after_callbacks',
			static function ( mixed $response ) use ( $depth ): mixed {
				$depth->leave();
				return $response;
			},
			PHP_INT_MAX
		);
		return $depth;
	}

	private function set_up_rest( Paths $paths, SiteScope $site, RequestScope $scope, CallbackDepth $depth, RouteNamespace $route_namespace ): void {
		// The classes serving a route needs, from one file (scripts/build-hot-path.php says why).
		self::include_hot_path( dirname( __DIR__ ) . '/hot-path.php' );
		// None of core's routes can match a request in svc's namespaces: they are registered if something asks.
		$own         = $scope->own_namespace( $route_namespace->get() );
		$core_routes = null === $own ? null : new CoreRoutes( $own, $depth );
		$core_routes?->defer();
		$components = new Components( $paths, $route_namespace );
		$files      = $components->files;
		$store      = $components->store;
		// Before anything reads the route files: a crash between a release's commit and its swap, or
		// another web node's push, leaves this node's copy behind the active release.
		if ( ServedTree::lags( $paths, $components->releases->active_id() ) ) {
			$components->deployer->catch_up();
		}
		// A release made active since the last reconcile, by whatever path: WP-Cron follows it.
		$this->reconcile( $components );
		// The early entry point found this node's index stale (another node's push or purge) or none.
		( new Publisher( $store, $components->route_namespace ) )->refresh( $paths->served_release() );
		// Without a shared store, this node's hits and misses reach the listing on every node.
		register_shutdown_function( array( NodeCounts::class, 'report_if_due' ), static fn (): array => array_map( 'strval', array_keys( array_filter( $store->verified()['files'], array( RouteIndex::class, 'served_early' ) ) ) ) );
		$loader = $components->loader;
		// The header is looked at first: a request without it pays nothing for previews. Management
		// requests always act on the active release; only the routes are served from the preview.
		$token   = RequestScope::preview_token();
		$preview = null !== $token && ! Management::requested() ? ( new PreviewRequest( $components->releases, $components->deployer ) )->tree( $token ) : null;
		$serving = null === $preview ? $components : new Components( $paths->for_tree( $preview ), $route_namespace );
		// The management API (svc/v1), registered when a request can need it (Registrar): a request
		// for one route does not pay for a dozen routes it will never match.
		$management = static function () use ( $paths, $files, $store, $loader, $route_namespace, $components, $core_routes ): void {
			$deployer = $components->deployer;
			$nodes    = $components->nodes;
			$releases = $components->releases;
			$blobs    = $components->blobs;
			( new NamespaceController( $route_namespace, $core_routes ) )->register();
			$listing = new FilesController( $files, $store, $loader, $route_namespace, $deployer, $nodes, self::preview_files( $paths, $route_namespace, $deployer, $nodes ) );
			$listing->register();
			( new StatusController( $deployer, $store, $releases, $nodes, $listing->active_listing( ... ) ) )->register();
			( new BlobsController( $blobs ) )->register();
			( new ReleasesController( $deployer, $store, $route_namespace, $releases, $blobs ) )->register();
			( new EventsController( new EventStore() ) )->register();
			( new DiagnosticsController( $paths ) )->register();
			$cache = new CacheController( $store, $route_namespace, $paths );
			$cache->register();
			( new SecretsController( SecretStore::for_site(), static fn (): ?string => $cache->record( null ) ) )->register();
			( new OpenApiController( $store, $loader, $route_namespace ) )->register();
		};
		$authorizer = new Authorizer( $serving->loader );
		$limiter    = new RateLimiter();
		$registrar  = new Registrar( $serving->store, $route_namespace, $serving->loader, $authorizer, new RouteHandler( $serving->loader, $serving->monitor ), $scope, $depth, $management, $limiter );
		$registrar->on_rest_api_init();
		// Closed routes are described (index, namespace index, OPTIONS) only to callers who may call them.
		// Management's check in a closure of its own: the class is loaded when a description asks.
		( new RouteVisibility( $serving->store, $authorizer, $registrar, static fn (): mixed => Management::check() ) )->register();

		// Priority 0: before WordPress matches the request and before its OPTIONS handler (10). Nothing
		// of this site is registered while another site is current; its routes are refused there.
		add_filter( 'rest_pre_dispatch', static fn ( mixed $result, \WP_REST_Server $server, \WP_REST_Request $request ): mixed => $site->current() ? $registrar->on_pre_dispatch( $result, $server, $request ) : $result, 0, 3 );
		add_filter( 'rest_pre_dispatch', static fn ( mixed $result, \WP_REST_Server $server, \WP_REST_Request $request ): mixed => $site->refuse_elsewhere( $result, $request, $route_namespace ), 1, 3 );
		// Late, so routes other filters add are ordered too; only svc's own routes move.
		add_filter( 'rest_endpoints', array( $registrar, 'order_endpoints' ), 100 );
		add_filter( 'rest_index', array( $registrar, 'complete_index' ), 100, 2 );
		// #[RateLimit]: after WordPress matched the handler, before its permission callback.
		add_filter( 'rest_request_before_callbacks', array( $limiter, 'check' ), 0, 3 );
		add_filter( 'rest_post_dispatch', array( $limiter, 'headers' ), 90, 3 );
		// #[Cache]: before HeaderApplier, so a route's headers() still win.
		$cache = new CacheHeaders( $registrar, $serving->store );
		add_filter( 'rest_post_dispatch', array( $cache, 'apply' ), 90, 3 );
		add_filter( 'rest_pre_serve_request', array( $cache, 'serve' ), 110, 2 );
		add_filter( 'rest_send_nocache_headers', array( $cache, 'no_cache_headers' ), 100 );
		// Late, so a route's headers() wins over the verb's, other filters' and WordPress's CORS headers.
		$headers = new HeaderApplier( $registrar, $serving->loader );
		add_filter( 'rest_post_dispatch', array( $headers, 'apply' ), 100, 3 );
		add_filter( 'rest_pre_serve_request', array( $headers, 'resend' ), 100, 4 );
	}
}
