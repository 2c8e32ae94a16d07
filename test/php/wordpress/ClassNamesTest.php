<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Validation\ClassNames;

/**
 * Whether a name is taken asks every autoloader as PHP would, except svc's route-class autoloaders:
 * asking must not load the route file that is about to declare the name. No switch is flipped for
 * it (no static state), so a route-class autoloader of another loader is skipped too.
 */
final class ClassNamesTest extends SvcTestCase {

	public function test_other_autoloaders_are_asked_and_svc_s_own_are_not(): void {
		$route = self::unique( 'Declared' );
		$this->deploy( array( 'declared' => self::route( $route ) ) );
		$this->loader->autoload_classes();
		$plugin_class = self::unique( 'PluginClass' );
		$plugins      = static function ( string $name ) use ( $plugin_class ): void {
			if ( $name === $plugin_class ) {
				eval( "final class {$plugin_class} {}" ); // phpcs:ignore Squiz.PHP.Eval -- a class only an autoloader knows.
			}
		};
		spl_autoload_register( $plugins );
		try {
			$this->assertFalse( ClassNames::taken( $route ) );
			$this->assertFalse( class_exists( $route, false ), 'the route file was not loaded by asking' );
			$this->assertTrue( ClassNames::taken( $plugin_class ) );
			$this->assertTrue( ClassNames::taken( 'WP_Query' ) );
			$this->assertFalse( ClassNames::taken( self::unique( 'Nobody' ) ) );
			// Autoloading as usual still loads the route file.
			$this->assertTrue( class_exists( $route ) );
		} finally {
			spl_autoload_unregister( array( $this->loader, 'load_class' ) );
			spl_autoload_unregister( $plugins );
		}
	}
}
