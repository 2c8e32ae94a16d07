<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Components;
use Svc\Runtime\FatalErrorMonitor;
use Svc\Runtime\RouteLoader;
use Svc\Runtime\VendorAutoload;
use Svc\Storage\RouteFiles;

final class RouteLoaderTest extends SvcTestCase {

	public function test_a_loader_built_again_in_the_same_process_finds_the_file_loaded_not_taken(): void {
		$class = self::unique( 'Reloaded' );
		$this->deploy( array( 'reloaded' => self::route( $class ) ) );
		$this->assertNull( $this->loader->load( 'reloaded' ) );
		$this->assertTrue( class_exists( $class, false ) );

		// What a rebuilt REST server does: new store and loader, same files, the class still declared.
		$store   = Components::manifest_store( new RouteFiles( $this->paths ) );
		$monitor = new FatalErrorMonitor();
		$again   = new RouteLoader( $store, new VendorAutoload( $this->paths, $store, $monitor ), $monitor );
		$this->assertNull( $again->load( 'reloaded' ) );
		$this->assertSame( $class, $again->class_name( 'reloaded' ) );
		$store->flush();
		$this->assertNull( $store->verified()['files']['reloaded']['boot'] );
	}

	public function test_a_class_of_the_same_name_from_elsewhere_is_still_taken(): void {
		$class = self::unique( 'Elsewhere' );
		$this->deploy( array( 'elsewhere' => self::route( $class ) ) );
		// A plugin activated after the push declares the same name.
		eval( "final class {$class} {}" ); // phpcs:ignore Squiz.PHP.Eval -- a class declared by other code.
		$this->assertStringContainsString( 'already declared', (string) $this->loader->load( 'elsewhere' ) );
	}
}
