<?php
/**
 * Loads route files in isolation and hands out their instances.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Events\Emit;
use Svc\Manifest\Entry;
use Svc\Manifest\ManifestStore;
use Svc\Storage\Guard;
use Svc\Support\Log;
use Svc\Validation\OwnAutoloader;
use Svc\Validation\RouteRules;
use Throwable;

/**
 * "Boot" of a route file: every check that can be made without running it is made first (the
 * manifest's, then whether its class name and top-level function names are free: redeclaring one
 * is a fatal error PHP cannot catch), then it is required with errors caught, and
 * the outcome is recorded so the listing can show it and a bad file is not retried until it changes.
 *
 * It is also the autoloader that lets one route file name another's class (a shared permission
 * callback, a base class): registered when the first file loads, it loads the file declaring a class
 * with the same checks. ClassNames skips it (OwnAutoloader): asking whether a name is taken must not
 * load the file that is about to declare it.
 *
 * @phpstan-import-type EntryData from Entry
 */
final class RouteLoader implements OwnAutoloader {

	/** @var array<string, string|true> Slug => true when loaded this request, or the reason it failed. */
	private array $outcomes = array();
	/** @var array<string, object> */
	private array $instances  = array();
	private bool $autoloading = false;

	public function __construct(
		private readonly ManifestStore $store,
		private readonly VendorAutoload $vendor,
		private readonly FatalErrorMonitor $monitor,
	) {
	}

	/**
	 * Loads a route file; returns null when its class is ready, else why it was skipped.
	 */
	public function load( string $slug ): ?string {
		if ( isset( $this->outcomes[ $slug ] ) ) {
			return true === $this->outcomes[ $slug ] ? null : $this->outcomes[ $slug ];
		}
		$entry = $this->store->entry( $slug );
		$known = self::known_failure( $entry );
		if ( null !== $known || null === $entry ) {
			$this->outcomes[ $slug ] = (string) $known;
			return $this->outcomes[ $slug ];
		}

		$this->vendor->load_vendor();
		// Only now can one route file name another's class: before the first load there is nothing
		// to autoload, and other requests never pay for the lookup.
		$this->autoload_classes();
		$class_name = (string) $entry['class'];
		if ( self::declared_by( $class_name, $entry ) ) {
			// This very code was loaded earlier in the process, by another loader: WordPress rebuilds
			// its REST server (every PHPUnit test of a site does), and the class stays declared; a
			// release since may have carried the same bytes into another tree.
			$this->outcomes[ $slug ] = true;
			return null;
		}
		// The names must still be free of core and plugins (RouteRules, as at push): those change.
		$taken = RouteRules::site_clashes( RouteRules::names_of_entry( $entry ) );
		if ( array() !== $taken ) {
			return $this->fail( $slug, $entry, 'taken', $taken[0]['message'] );
		}

		$this->monitor->watch(
			$slug . '.php',
			function ( string $reason ) use ( $slug, $entry ): void {
				$this->fail( $slug, $entry, 'load', $reason );
				// Shutdown functions registered from here may not run: save the record now.
				$this->store->flush();
			},
			$entry['path']
		);
		$reason = null;
		ob_start();
		try {
			( static function ( string $path ): void {
				require_once $path;
			} )( $entry['path'] );
		} catch ( Throwable $error ) {
			$reason = 'PHP ' . Log::describe( $error );
		} finally {
			// A route file that prints while loading must not corrupt the JSON answer.
			ob_end_clean();
			$this->monitor->clear();
		}
		if ( null === $reason && ! class_exists( $class_name, false ) ) {
			$reason = sprintf( 'loading the file did not declare class %s', $class_name );
		}
		if ( null !== $reason ) {
			return $this->fail( $slug, $entry, 'load', $reason );
		}
		if ( ! $entry['booted'] || null !== $entry['boot'] ) {
			// A previous failure clears itself: the next listing shows the file healthy.
			$this->store->record_boot( $slug, $entry['stamp'], null );
			Emit::event( 'loaded', array( 'slug' => $slug ) );
		}
		$this->outcomes[ $slug ] = true;
		return null;
	}

	/**
	 * What the manifest knows of a route file, checked against the disk; nothing is loaded.
	 *
	 * @return EntryData|null
	 */
	public function entry( string $slug ): ?array {
		return $this->store->entry( $slug );
	}

	/**
	 * The route file's class, loaded; null when the file cannot be loaded.
	 *
	 * @return class-string|null
	 */
	public function class_name( string $slug ): ?string {
		if ( null !== $this->load( $slug ) ) {
			return null;
		}
		/** @var class-string */
		return (string) ( $this->store->entry( $slug )['class'] ?? '' );
	}

	/**
	 * The route file's instance, made once per request when first needed. Its constructor is the
	 * author's code and may throw; callers call this where a throw is handled.
	 */
	public function instance( string $slug ): ?object {
		if ( isset( $this->instances[ $slug ] ) ) {
			return $this->instances[ $slug ];
		}
		$class_name = $this->class_name( $slug );
		return null === $class_name ? null : $this->instances[ $slug ] = new $class_name();
	}

	/**
	 * Registers load_class() as an autoloader, once.
	 */
	public function autoload_classes(): void {
		if ( ! $this->autoloading ) {
			$this->autoloading = true;
			spl_autoload_register( array( $this, 'load_class' ) );
		}
	}

	/**
	 * @internal Autoload callback: loads the route file declaring $class_name, if one does.
	 */
	public function load_class( string $class_name ): void {
		$slug = $this->store->slug_of_class( $class_name );
		if ( null !== $slug ) {
			$this->load( $slug );
		}
	}

	/**
	 * Why a file cannot be loaded, known without loading it: not deployed, failing its checks, or
	 * failed at its last load (a file that stopped PHP is not loaded again until it changes).
	 *
	 * @param EntryData|null $entry
	 */
	private static function known_failure( ?array $entry ): ?string {
		if ( null === $entry ) {
			return 'the route file is not deployed';
		}
		if ( null !== $entry['error'] ) {
			return (string) $entry['error'];
		}
		return 'load' === ( $entry['boot']['kind'] ?? null ) ? (string) $entry['boot']['message'] : null;
	}

	/**
	 * Whether the class is declared, by this file or a copy of its bytes (the same file in an earlier
	 * release's tree).
	 *
	 * @param EntryData $entry
	 */
	private static function declared_by( string $class_name, array $entry ): bool {
		if ( ! class_exists( $class_name, false ) ) {
			return false;
		}
		$file = ( new \ReflectionClass( $class_name ) )->getFileName();
		if ( false === $file ) {
			return false;
		}
		if ( realpath( $file ) === realpath( (string) $entry['path'] ) ) {
			return true;
		}
		$bytes = @file_get_contents( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- gone: not the same code, as far as anyone can tell.
		return false !== $bytes && null !== $entry['hash'] && hash( 'sha256', Guard::strip( $bytes ) ) === $entry['hash'];
	}

	/**
	 * @param EntryData $entry
	 */
	private function fail( string $slug, array $entry, string $kind, string $reason ): string {
		if ( ( $entry['boot']['message'] ?? null ) !== $reason ) {
			Log::skipped( $slug, $reason );
			$this->store->record_boot(
				$slug,
				$entry['stamp'],
				array(
					'kind'    => $kind,
					'message' => $reason,
				)
			);
		}
		$this->outcomes[ $slug ] = $reason;
		return $reason;
	}

	/**
	 * The reason a file is skipped as of its last boot, booting it now if it never was.
	 *
	 * @param EntryData $entry
	 */
	public function boot_status( string $slug, array $entry ): ?string {
		if ( null !== $entry['error'] ) {
			return $entry['error'];
		}
		if ( ! $entry['booted'] || 'taken' === ( $entry['boot']['kind'] ?? null ) ) {
			return $this->load( $slug );
		}
		return Entry::failure( $entry );
	}
}
