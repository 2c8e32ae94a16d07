<?php
/**
 * Which REST requests set svc up (Runtime\RequestScope).
 *
 * @package Svc
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\RequestScope;

final class RequestScopeTest extends TestCase {

	/**
	 * @return array<string, array{string|null, string, bool}>
	 */
	public static function requests(): array {
		return array(
			'a core route'                             => array( '/wp/v2/posts', 'svc-api/v1', false ),
			'another plugin\'s route'                  => array( '/wc/store/v1/cart', 'svc-api/v1', false ),
			'a namespace that only starts like svc\'s' => array( '/svc-api/v10/hello', 'svc-api/v1', false ),
			'management that only starts like it'      => array( '/svc/v12/status', 'svc-api/v1', false ),
			'an svc route'                             => array( '/svc-api/v1/hello', 'svc-api/v1', true ),
			'an svc route, other case'                 => array( '/SVC-API/V1/Hello', 'svc-api/v1', true ),
			'svc\'s namespace index'                   => array( '/svc-api/v1', 'svc-api/v1', true ),
			'svc\'s namespace index, slash'            => array( '/svc-api/v1/', 'svc-api/v1', true ),
			'a custom namespace'                       => array( '/acme/v2/orders/7', 'acme/v2', true ),
			'the management API'                       => array( '/svc/v1/status', 'acme/v2', true ),
			'the management namespace index'           => array( '/svc/v1', 'acme/v2', true ),
			'the REST index'                           => array( '/', 'svc-api/v1', true ),
			'a batch'                                  => array( '/batch/v1', 'svc-api/v1', true ),
			'no route known'                           => array( null, 'svc-api/v1', true ),
		);
	}

	/**
	 * @dataProvider requests
	 */
	public function test_svc_is_set_up_only_for_requests_that_may_need_it( ?string $route, string $route_namespace, bool $needed ): void {
		$this->assertSame( $needed, RequestScope::needs_svc( $route, $route_namespace ) );
	}
}
