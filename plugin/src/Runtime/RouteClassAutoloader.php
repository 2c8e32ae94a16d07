<?php
/**
 * Lets one route file name another's class (e.g. a shared permission callback).
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Validation\OwnAutoloader;

/**
 * Only the route file a request dispatches to is loaded; this autoloader loads another route file
 * when its class is named, with the same isolation checks.
 */
final class RouteClassAutoloader implements OwnAutoloader {

	public function __construct( private readonly RouteLoader $loader ) {
	}

	public function register(): void {
		spl_autoload_register( array( $this, 'load' ) );
	}

	/**
	 * @internal Autoload callback. ClassNames::taken() skips it: asking whether a name is taken must
	 * not load the file that is about to declare it.
	 */
	public function load( string $class_name ): void {
		$this->loader->load_class( $class_name );
	}
}
