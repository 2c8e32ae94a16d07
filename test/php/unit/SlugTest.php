<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Routing\Slug;

final class SlugTest extends TestCase {

	/** @return array<string, array{string}> */
	public function valid_slugs(): array {
		return array(
			'one segment'           => array( 'hello' ),
			'digits and hyphens'    => array( 'v2-status-404' ),
			'nested'                => array( 'shop/orders/recent' ),
			'dynamic segment'       => array( 'users/[id]' ),
			'underscore parameter'  => array( 'items/[_key]' ),
			'several dynamic, deep' => array( 'a/[x]/b/[y_2]/c' ),
			'index as a directory'  => array( 'index/list' ),
			'mixed-case param name' => array( 'posts/[postId]' ),
		);
	}

	/** @dataProvider valid_slugs */
	public function test_accepts_kebab_case_and_named_dynamic_segments( string $slug ): void {
		$this->assertNull( Slug::problem( $slug ) );
	}

	/** @return array<string, array{string, string}> */
	public function invalid_slugs(): array {
		return array(
			'empty'                 => array( '', 'empty' ),
			'parent directory'      => array( '../lib/evil', 'leave the api/' ),
			'dot segment'           => array( 'a/./b', 'leave the api/' ),
			'absolute path'         => array( '/etc/passwd', 'absolute' ),
			'backslash'             => array( 'a\\b', 'backslash' ),
			'NUL byte'              => array( "a\0b", 'NUL' ),
			'uppercase'             => array( 'Hello', '"Hello"' ),
			'empty segment'         => array( 'a//b', 'empty segment' ),
			'trailing slash'        => array( 'users/', 'ends with "/"' ),
			'php extension given'   => array( 'hello.php', '".php"' ),
			'index file'            => array( 'index', 'reserved' ),
			'nested index file'     => array( 'users/index', 'reserved' ),
			'underscore in segment' => array( 'snake_case', '"snake_case"' ),
			'leading hyphen'        => array( '-x', '"-x"' ),
			'double hyphen'         => array( 'a--b', '"a--b"' ),
			'param starting digit'  => array( 'users/[1id]', '"[1id]"' ),
			'empty param'           => array( 'users/[]', '"[]"' ),
			'catch-all'             => array( 'files/[...path]', '"[...path]"' ),
			'duplicate param'       => array( '[id]/x/[id]', 'appears twice' ),
			'space'                 => array( 'hello world', '"hello world"' ),
			'dot in name'           => array( 'v1.2', '"v1.2"' ),
			'too many segments'     => array( implode( '/', array_fill( 0, 17, 'a' ) ), 'more than 16' ),
			'too long'              => array( str_repeat( 'a', 201 ), 'longer than 200' ),
		);
	}

	/** @dataProvider invalid_slugs */
	public function test_rejects_malformed_names_with_a_message_naming_the_problem( string $slug, string $expected ): void {
		$problem = Slug::problem( $slug );
		$this->assertNotNull( $problem );
		$this->assertStringContainsString( $expected, (string) $problem );
	}

	public function test_dynamic_segments_become_named_captures(): void {
		$this->assertSame( 'users/(?P<id>[^/]+)/posts/(?P<post_id>[^/]+)', Slug::pattern( 'users/[id]/posts/[post_id]' ) );
		$this->assertSame( 1, preg_match( '#^' . Slug::pattern( 'users/[id]' ) . '$#', 'users/42', $m ) );
		$this->assertSame( '42', $m['id'] );
		$this->assertSame( 0, preg_match( '#^' . Slug::pattern( 'users/[id]' ) . '$#', 'users/42/extra' ), 'no catch-all: the segment count is fixed' );
	}

	public function test_slugs_differing_only_in_parameter_names_share_a_shape(): void {
		$this->assertSame( Slug::shape( 'users/[id]' ), Slug::shape( 'users/[uid]' ) );
		$this->assertNotSame( Slug::shape( 'users/[id]' ), Slug::shape( 'users/me' ) );
	}
}
