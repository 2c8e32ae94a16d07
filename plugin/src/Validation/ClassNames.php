<?php
/**
 * Whether a class name is already in use on this site.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * Declaring a class whose name exists is a compile error PHP cannot catch, so the name is checked
 * before any route file is written or required. Autoloaders are asked too (another plugin's classes
 * may not be loaded yet), each in turn as PHP would, except svc's own route-class autoloaders, which
 * would load the very file that is about to declare the name.
 */
final class ClassNames {

	public static function taken( string $class_name ): bool {
		if ( self::declared( $class_name ) ) {
			return true;
		}
		foreach ( spl_autoload_functions() as $autoloader ) {
			if ( is_array( $autoloader ) && $autoloader[0] instanceof OwnAutoloader ) {
				continue;
			}
			$autoloader( $class_name );
			if ( self::declared( $class_name ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Without autoloading; its answer changes when an autoloader declares the name.
	 *
	 * @phpstan-impure
	 */
	private static function declared( string $name ): bool {
		return class_exists( $name, false ) || interface_exists( $name, false ) || trait_exists( $name, false ) || enum_exists( $name, false );
	}
}
