<?php
/**
 * Which REST requests set svc up, and which register one route only (Runtime\RequestScope).
 *
 * @package Svc
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\RequestScope;

final class RequestScopeTest extends TestCase {

	/**
	 * @return array<string, array{string|null, string, bool, bool}> Route, namespace, needs svc, serves one route.
	 */
	public static function requests(): array {
		return array(
			'a core route'                             => array( '/wp/v2/posts', 'svc-api/v1', false, true ),
			'another plugin\'s route'                  => array( '/wc/store/v1/cart', 'svc-api/v1', false, true ),
			'a namespace that only starts like svc\'s' => array( '/svc-api/v10/hello', 'svc-api/v1', false, true ),
			'management that only starts like it'      => array( '/svc/v12/status', 'svc-api/v1', false, true ),
			'an svc route'                             => array( '/svc-api/v1/hello', 'svc-api/v1', true, true ),
			'an svc route, other case'                 => array( '/SVC-API/V1/Hello', 'svc-api/v1', true, true ),
			'svc\'s namespace index'                   => array( '/svc-api/v1', 'svc-api/v1', true, false ),
			'svc\'s namespace index, slash'            => array( '/svc-api/v1/', 'svc-api/v1', true, false ),
			'svc\'s namespace index, other case'       => array( '/Svc-Api/V1', 'svc-api/v1', true, false ),
			'a custom namespace'                       => array( '/acme/v2/orders/7', 'acme/v2', true, true ),
			'a custom namespace\'s index'              => array( '/acme/v2', 'acme/v2', true, false ),
			'the management API'                       => array( '/svc/v1/status', 'acme/v2', true, true ),
			'the management namespace index'           => array( '/svc/v1', 'acme/v2', true, true ),
			'the REST index'                           => array( '/', 'svc-api/v1', true, false ),
			'the REST index, no slash'                 => array( '', 'svc-api/v1', true, false ),
			'a batch'                                  => array( '/batch/v1', 'svc-api/v1', true, false ),
			'a batch, slash'                           => array( '/batch/v1/', 'svc-api/v1', true, false ),
			'no route known'                           => array( null, 'svc-api/v1', true, false ),
		);
	}

	/**
	 * @dataProvider requests
	 */
	public function test_svc_is_set_up_only_for_requests_that_may_need_it( ?string $route, string $route_namespace, bool $needed, bool $one ): void {
		unset( $one );
		$this->assertSame( $needed, RequestScope::of_route( $route )->needs_svc( $route_namespace ) );
	}

	/**
	 * @dataProvider requests
	 */
	public function test_only_a_request_that_can_match_one_route_registers_one( ?string $route, string $route_namespace, bool $needed, bool $one ): void {
		unset( $needed );
		$this->assertSame( $one, RequestScope::of_route( $route )->serves_one_route( $route_namespace ) );
	}

	/**
	 * @return array<string, array{string|null, bool}> Route, whether it is in svc-api/v1.
	 */
	public static function namespaced(): array {
		return array(
			'a route of it'             => array( '/svc-api/v1/hello', true ),
			'a route of it, other case' => array( '/SVC-API/V1/Hello/', true ),
			'its index'                 => array( '/svc-api/v1', true ),
			'its index, slash'          => array( '/svc-api/v1/', true ),
			'one that only starts so'   => array( '/svc-api/v10/hello', false ),
			'a core route'              => array( '/wp/v2/posts', false ),
			'the management API'        => array( '/svc/v1/status', false ),
			'a batch'                   => array( '/batch/v1', false ),
			'the REST index'            => array( '/', false ),
			'not a REST request'        => array( null, false ),
		);
	}

	/**
	 * @dataProvider namespaced
	 */
	public function test_a_route_is_in_a_namespace_when_it_is_its_index_or_below_it( ?string $route, bool $inside ): void {
		$this->assertSame( $inside, RequestScope::of_route( $route )->in_namespace( 'svc-api/v1' ) );
		$this->assertSame( $inside, RequestScope::of_route( $route )->in_namespace( '/svc-api/v1/' ) );
	}

	/**
	 * @return array<string, array{string|null, string, string|null}> Route, route namespace, the svc namespace it is in.
	 */
	public static function own_namespaces(): array {
		return array(
			'a route'                          => array( '/svc-api/v1/hello', 'svc-api/v1', 'svc-api/v1' ),
			'the route namespace\'s index'     => array( '/svc-api/v1', 'svc-api/v1', 'svc-api/v1' ),
			'a management route'               => array( '/svc/v1/api-releases', 'svc-api/v1', 'svc/v1' ),
			'the management index, other case' => array( '/SVC/V1/', 'svc-api/v1', 'svc/v1' ),
			'a route, another namespace'       => array( '/shop/v2/cart', 'shop/v2', 'shop/v2' ),
			'the default one, when moved'      => array( '/svc-api/v1/hello', 'shop/v2', null ),
			'one that only starts so'          => array( '/svc/v10/status', 'svc-api/v1', null ),
			'a core route'                     => array( '/wp/v2/posts', 'svc-api/v1', null ),
			'a batch'                          => array( '/batch/v1', 'svc-api/v1', null ),
			'the REST index'                   => array( '/', 'svc-api/v1', null ),
			'not a REST request'               => array( null, 'svc-api/v1', null ),
		);
	}

	/**
	 * @dataProvider own_namespaces
	 */
	public function test_a_request_in_the_route_namespace_or_the_management_api_names_it( ?string $route, string $route_namespace, ?string $own ): void {
		$this->assertSame( $own, RequestScope::of_route( $route )->own_namespace( $route_namespace ) );
	}

	public function test_outside_a_rest_request_the_route_is_unknown(): void {
		// The unit suite defines no REST_REQUEST: a process that is not serving a REST request.
		$this->assertFalse( defined( 'REST_REQUEST' ) );
		$scope = RequestScope::of_request();
		$this->assertTrue( $scope->needs_svc( 'svc-api/v1' ) );
		$this->assertFalse( $scope->serves_one_route( 'svc-api/v1' ) );
	}
}
