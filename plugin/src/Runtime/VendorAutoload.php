<?php
/**
 * `wp-content/svc/vendor/autoload.php` (Composer), loaded for route files.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Events\Emit;
use Svc\Manifest\ManifestStore;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;
use Svc\Support\Log;
use Throwable;

/**
 * Composer's autoloader (`vendor/autoload.php`) is required
 * once, just before the first route file loads; a broken one is logged once per version of the file
 * and skipped, so routes that do not need packages keep working.
 */
final class VendorAutoload {

	private bool $vendor_done = false;

	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestStore $store,
		private readonly FatalErrorMonitor $monitor,
	) {
	}

	public function load_vendor(): void {
		if ( $this->vendor_done ) {
			return;
		}
		$this->vendor_done = true;
		$file              = $this->paths->vendor_autoload();
		if ( ! is_file( $file ) ) {
			return;
		}
		$stamp = RouteFiles::stamp( $file );
		$known = $this->store->meta( 'vendor' );
		if ( is_array( $known ) && $known['stamp'] === $stamp && null !== $known['error'] ) {
			return;
		}
		$fail = function ( string $reason ) use ( $stamp ): void {
			Log::api( 'vendor/autoload.php could not be loaded; routes load without it: ' . $reason );
			Emit::event( 'vendor_failed', array( 'message' => 'vendor/autoload.php could not be loaded; routes load without it: ' . $reason ) );
			$this->store->record_meta(
				'vendor',
				array(
					'stamp' => $stamp,
					'error' => $reason,
				)
			);
		};
		$this->monitor->watch( 'vendor/autoload.php', $fail );
		ob_start();
		try {
			require_once $file;
			if ( ! is_array( $known ) || $known['stamp'] !== $stamp ) {
				$this->store->record_meta(
					'vendor',
					array(
						'stamp' => $stamp,
						'error' => null,
					)
				);
			}
		} catch ( Throwable $error ) {
			$fail( Log::describe( $error ) );
		} finally {
			ob_end_clean();
			$this->monitor->clear();
		}
	}
}
