<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Manifest\Shards;
use Svc\Routing\Slug;

/**
 * A request reads only the shards its path names (ManifestStore), so every route that can match the
 * path must live in one of them, whatever the number of shards.
 */
final class ShardsTest extends TestCase {

	private const SLUGS = array(
		'hello',
		'users/me',
		'users/[id]',
		'users/[id]/posts',
		'users/[id]/posts/[post]',
		'[type]/[id]',
		'[type]/list',
		'shop/[order]/items',
		'shop/orders/[order]',
		'a/b/c/d',
		'a/[x]/c/[y]',
		'2024/05',
		'123',
		'v1/[id]',
	);

	/**
	 * The request paths, each with the slugs whose pattern matches it (written out, so the test below
	 * fails if the patterns stop matching instead of checking nothing).
	 */
	private const MATCHES = array(
		'hello'               => array( 'hello' ),
		'users/me'            => array( 'users/me', 'users/[id]', '[type]/[id]' ),
		'users/7'             => array( 'users/[id]', '[type]/[id]' ),
		'users/7/posts'       => array( 'users/[id]/posts' ),
		'users/7/posts/9'     => array( 'users/[id]/posts/[post]' ),
		'shop/list'           => array( '[type]/[id]', '[type]/list' ),
		'shop/orders/12'      => array( 'shop/orders/[order]' ),
		'shop/12/items'       => array( 'shop/[order]/items' ),
		'a/b/c/d'             => array( 'a/b/c/d', 'a/[x]/c/[y]' ),
		'a/q/c/r'             => array( 'a/[x]/c/[y]' ),
		'2024/05'             => array( '[type]/[id]', '2024/05' ),
		'123'                 => array( '123' ),
		'v1/77'               => array( '[type]/[id]', 'v1/[id]' ),
		'nothing/here/at/all' => array(),
	);

	public function test_every_route_matching_a_path_is_in_a_shard_the_path_names(): void {
		foreach ( array( 1, 2, 3, 7, 16, 79 ) as $count ) {
			$matched = array();
			foreach ( array_keys( self::MATCHES ) as $key ) {
				// '123' is an integer key in PHP.
				$path             = (string) $key;
				$named            = Shards::for_path( $path, $count );
				$matched[ $path ] = array();
				foreach ( self::SLUGS as $slug ) {
					if ( 1 === preg_match( '#^' . Slug::pattern( $slug ) . '$#i', $path ) ) {
						$this->assertContains( Shards::of_slug( $slug, $count ), $named, "{$slug} for {$path}, {$count} shards" );
						$matched[ $path ][] = $slug;
					}
				}
			}
			$this->assertSame( self::MATCHES, $matched, "the slugs matching each path, {$count} shards" );
		}
	}

	public function test_a_path_names_at_most_one_shard_more_than_it_has_segments(): void {
		$this->assertLessThanOrEqual( 2, count( Shards::for_path( 'hello', 80 ) ) );
		$this->assertLessThanOrEqual( 4, count( Shards::for_path( 'users/7/posts', 80 ) ) );
	}

	public function test_shards_hold_about_sixty_four_entries_and_a_small_site_has_one(): void {
		$this->assertSame( 1, Shards::count( 0 ) );
		$this->assertSame( 1, Shards::count( 64 ) );
		$this->assertSame( 2, Shards::count( 65 ) );
		$this->assertSame( 79, Shards::count( 5000 ) );
		foreach ( array( 'hello', 'users/[id]', 'Bad Name' ) as $slug ) {
			$this->assertSame( 0, Shards::of_slug( $slug, 1 ) );
			$this->assertLessThan( 79, Shards::of_slug( $slug, 79 ) );
		}
	}
}
