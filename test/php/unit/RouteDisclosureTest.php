<?php
/**
 * Which routes a caller is told of (the REST index, a namespace's index, OPTIONS): RouteVisibility's
 * rules without WordPress.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\RouteDisclosure;

final class RouteDisclosureTest extends TestCase {

	public function test_only_the_routes_kept_are_described(): void {
		$available = array(
			'/shop/v1/open'   => array( 'methods' => array( 'GET' ) ),
			'/shop/v1/closed' => array( 'methods' => array( 'GET' ) ),
			'/wp/v2/posts'    => array( 'methods' => array( 'GET' ) ),
		);
		$described = RouteDisclosure::described( $available, static fn ( string $route ): bool => '/shop/v1/closed' !== $route );
		$this->assertSame( array( '/shop/v1/open', '/wp/v2/posts' ), array_keys( $described ) );
		$this->assertSame( $available['/shop/v1/open'], $described['/shop/v1/open'] );
	}

	/**
	 * @return array<string, array{0: string, 1: string, 2: bool, 3: bool}>
	 */
	public static function options(): array {
		return array(
			'OPTIONS of a hidden route'  => array( 'OPTIONS', '/shop/v1/closed', false, true ),
			'OPTIONS of a visible route' => array( 'OPTIONS', '/shop/v1/open', true, false ),
			'GET of a hidden route'      => array( 'GET', '/shop/v1/closed', false, false ),
			'OPTIONS matching no route'  => array( 'OPTIONS', '', false, false ),
		);
	}

	/**
	 * @dataProvider options
	 */
	public function test_an_options_answer_is_emptied_for_a_hidden_route( string $method, string $route, bool $visible, bool $hidden ): void {
		$this->assertSame( $hidden, RouteDisclosure::options_hidden( $method, $route, static fn (): bool => $visible ) );
	}

	/**
	 * @return array<string, array{0: array{public: list<string>, verbs: list<string>}|null, 1: bool, 2: list<string>, 3: bool}>
	 */
	public static function files(): array {
		$closed = array(
			'public' => array(),
			'verbs'  => array( 'get', 'post' ),
		);
		$public = array(
			'public' => array( 'get' ),
			'verbs'  => array( 'get', 'post' ),
		);
		return array(
			'no manifest entry, even to an admin'    => array( null, true, array( 'get' ), false ),
			'closed, a caller who may call nothing'  => array( $closed, false, array(), false ),
			'closed, an administrator'               => array( $closed, true, array(), true ),
			'closed, a caller who may call one verb' => array( $closed, false, array( 'post' ), true ),
			'a public verb, anyone'                  => array( $public, false, array(), true ),
		);
	}

	/**
	 * @dataProvider files
	 * @param array{public: list<string>, verbs: list<string>}|null $entry
	 * @param list<string>                                          $callable
	 */
	public function test_a_route_file_is_described_to_who_may_call_it( ?array $entry, bool $administrator, array $callable, bool $visible ): void {
		$this->assertSame( $visible, RouteDisclosure::file_visible( $entry, $administrator, static fn ( string $verb ): bool => in_array( $verb, $callable, true ) ) );
	}

	public function test_the_management_namespace_is_its_routes_and_no_lookalike(): void {
		$this->assertTrue( RouteDisclosure::under( '/svc/v1', '/svc/v1' ) );
		$this->assertTrue( RouteDisclosure::under( '/svc/v1/api-files', '/svc/v1' ) );
		$this->assertFalse( RouteDisclosure::under( '/svc/v10/x', '/svc/v1' ) );
		$this->assertFalse( RouteDisclosure::under( '/shop/v1', '/svc/v1' ) );
	}
}
