<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Settings\RouteNamespace;

/**
 * The namespace is read half a dozen times per request through one RouteNamespace: each read
 * follows the option, which may change in the middle of the request.
 */
final class RouteNamespaceTest extends SvcTestCase {

	protected function tearDown(): void {
		delete_option( RouteNamespace::OPTION );
		parent::tearDown();
	}

	public function test_one_instance_follows_the_option_as_it_changes(): void {
		delete_option( RouteNamespace::OPTION );
		$route_namespace = new RouteNamespace();
		$this->assertSame( RouteNamespace::DEFAULT, $route_namespace->get() );
		update_option( RouteNamespace::OPTION, 'shop/v2' );
		$this->assertSame( 'shop/v2', $route_namespace->get() );
		$this->assertSame( 'shop/v2', $route_namespace->get() );
		// Written around svc: not a namespace svc may use, so the default again.
		update_option( RouteNamespace::OPTION, RouteNamespace::RESERVED );
		$this->assertSame( RouteNamespace::DEFAULT, $route_namespace->get() );
		update_option( RouteNamespace::OPTION, 'Not A Namespace' );
		$this->assertSame( RouteNamespace::DEFAULT, $route_namespace->get() );
		update_option( RouteNamespace::OPTION, 'shop/v3' );
		$this->assertSame( 'shop/v3', $route_namespace->get() );
		$this->assertTrue( $route_namespace->set( 'shop/v4', array() ) );
		$this->assertSame( 'shop/v4', $route_namespace->get() );
	}
}
