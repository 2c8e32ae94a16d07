<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\IndexNamespaces;

final class IndexNamespacesTest extends TestCase {

	/** @return array<string, mixed> */
	public static function describe( string $namespace ): array {
		return 'hidden/v1' === $namespace ? array() : array( '/' . $namespace => array( 'namespace' => $namespace ) );
	}

	public function test_names_the_namespaces_registered_while_the_index_was_built_and_describes_their_namespace_routes(): void {
		$index = array(
			'name'       => 'Site',
			'namespaces' => array( 'oembed/1.0', 'wp/v2' ),
			'routes'     => array(
				'/'              => array( 'namespace' => '' ),
				'/wp/v2'         => array( 'namespace' => 'wp/v2' ),
				'/svc-api/v1/hi' => array( 'namespace' => 'svc-api/v1' ),
			),
		);
		$done  = IndexNamespaces::complete( $index, array( 'oembed/1.0', 'wp/v2', 'svc/v1', 'svc-api/v1', 'hidden/v1' ), array( self::class, 'describe' ) );
		$this->assertSame( array( 'oembed/1.0', 'wp/v2', 'svc/v1', 'svc-api/v1', 'hidden/v1' ), $done['namespaces'] );
		$this->assertSame( array( '/', '/wp/v2', '/svc-api/v1/hi', '/svc/v1', '/svc-api/v1' ), array_keys( $done['routes'] ) );
		$this->assertSame( 'Site', $done['name'] );
	}

	public function test_leaves_a_complete_index_as_it_is(): void {
		$index = array(
			'namespaces' => array( 'wp/v2', 'svc-api/v1' ),
			'routes'     => array(
				'/wp/v2'      => array( 'namespace' => 'wp/v2' ),
				'/svc-api/v1' => array( 'namespace' => 'svc-api/v1' ),
			),
		);
		$this->assertSame(
			$index,
			IndexNamespaces::complete(
				$index,
				array( 'wp/v2', 'svc-api/v1' ),
				static function (): array {
					throw new LogicException( 'nothing to describe' );
				}
			)
		);
	}

	public function test_leaves_an_index_another_filter_reshaped(): void {
		$this->assertSame( array( 'routes' => 'gone' ), IndexNamespaces::complete( array( 'routes' => 'gone' ), array( 'svc/v1' ), array( self::class, 'describe' ) ) );
	}
}
