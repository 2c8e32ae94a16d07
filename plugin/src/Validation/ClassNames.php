<?php
/**
 * Whether a class name is already in use on this site.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

use Svc\Runtime\RouteClassAutoloader;

/**
 * Declaring a class whose name exists is a compile error PHP cannot catch, so the name is checked
 * before any route file is written or required. Autoloaders are asked too (another plugin's classes
 * may not be loaded yet), except svc's own route-class autoloader, which would load the very file.
 */
final class ClassNames {

	public static function taken( string $class_name ): bool {
		return RouteClassAutoloader::without(
			static fn (): bool => class_exists( $class_name ) || interface_exists( $class_name ) || trait_exists( $class_name ) || enum_exists( $class_name )
		);
	}
}
