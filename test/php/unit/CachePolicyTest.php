<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\EntityTag;
use Svc\Runtime\CachePolicy;

final class CachePolicyTest extends TestCase {

	/** @return array<string, array{bool, bool, ?int, string, bool}> */
	public function headers_cases(): array {
		return array(
			'open route, anonymous: public'               => array( true, false, null, 'public, max-age=300', false ),
			'open route, anonymous, with swr'             => array( true, false, 60, 'public, max-age=300, stale-while-revalidate=60', false ),
			'open route, credentialed: private'           => array( true, true, null, 'private, max-age=300', true ),
			'closed route, credentialed: private'         => array( false, true, 30, 'private, max-age=300, stale-while-revalidate=30', true ),
			'closed route, no credentials: still private' => array( false, false, null, 'private, max-age=300', true ),
		);
	}

	/**
	 * @dataProvider headers_cases
	 */
	public function test_an_answer_is_public_only_when_it_is_the_same_for_everyone( bool $open, bool $credentialed, ?int $swr, string $cache_control, bool $varies_on_cookie ): void {
		$headers = CachePolicy::headers( $open, $credentialed, 300, $swr );
		$this->assertSame( $cache_control, $headers['cache_control'] );
		$this->assertSame( $varies_on_cookie, in_array( 'Cookie', $headers['vary'], true ) );
		foreach ( array( 'X-Svc-Preview', 'Authorization', 'X-Svc-Authorization' ) as $always ) {
			$this->assertContains( $always, $headers['vary'] );
		}
	}

	/** @return array<string, array{string, bool}> */
	public function match_cases(): array {
		$tag = '"0123456789abcdef0123456789abcdef"';
		return array(
			'the tag'                   => array( $tag, true ),
			'the weak tag'              => array( 'W/' . $tag, true ),
			'star'                      => array( '*', true ),
			'in a list'                 => array( '"other", ' . $tag, true ),
			'weak in a list, no spaces' => array( '"other",W/' . $tag, true ),
			'star in a list'            => array( '"other", *', true ),
			'after an empty member'     => array( '"other",, ' . $tag, true ),
			'another tag'               => array( '"other"', false ),
			'the tag unquoted'          => array( '0123456789abcdef0123456789abcdef', false ),
			'a prefix of the tag'       => array( '"0123456789abcdef"', false ),
			'empty'                     => array( '', false ),
			'only commas and blanks'    => array( ' , ,', false ),
			'weak mark on another tag'  => array( 'W/"other"', false ),
		);
	}

	/**
	 * @dataProvider match_cases
	 */
	public function test_if_none_match_is_compared_weakly_member_by_member( string $header, bool $expected ): void {
		$this->assertSame( $expected, EntityTag::matches( $header, '"0123456789abcdef0123456789abcdef"' ) );
	}

	public function test_the_etag_is_a_strong_tag_of_the_json_that_changes_with_it(): void {
		$tag = CachePolicy::etag( '{"a":1}' );
		$this->assertMatchesRegularExpression( '/^"[0-9a-f]{32}"$/', $tag );
		$this->assertSame( '"' . substr( hash( 'sha256', '{"a":1}' ), 0, 32 ) . '"', $tag );
		$this->assertNotSame( $tag, CachePolicy::etag( '{"a":2}' ) );
	}

	/** @return array<string, array{list<string>, ?string}> */
	public function vary_cases(): array {
		return array(
			'none'                         => array( array( 'Content-Type: application/json' ), null ),
			'one line'                     => array( array( 'Vary: X-Svc-Preview, Authorization' ), 'X-Svc-Preview, Authorization' ),
			'two lines become one'         => array( array( 'Vary: X-Svc-Preview, Authorization', 'Allow: GET', 'Vary: Origin' ), 'X-Svc-Preview, Authorization, Origin' ),
			'a name twice, any case, once' => array( array( 'Vary: Origin, Cookie', 'vary:origin' ), 'Origin, Cookie' ),
			'blank members dropped'        => array( array( 'Vary: , Origin,' ), 'Origin' ),
			'a header named like it'       => array( array( 'X-Vary: Cookie', 'Vary: Origin' ), 'Origin' ),
		);
	}

	/**
	 * @dataProvider vary_cases
	 * @param list<string> $lines
	 */
	public function test_every_vary_line_becomes_one( array $lines, ?string $expected ): void {
		$this->assertSame( $expected, CachePolicy::one_vary( $lines ) );
	}
}
