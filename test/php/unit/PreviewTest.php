<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\PreviewToken;
use Svc\Release\ReleaseKind;
use Svc\Release\ReleaseMessage;
use Svc\Storage\Paths;
use Svc\Storage\Trees;

/**
 * The pure rules of previews: tokens (only a hash is kept), expiry, the pool previews are kept
 * in, which trees a collection keeps, and what a release's message may be.
 */
final class PreviewTest extends TestCase {

	public function test_a_token_is_random_well_formed_and_only_its_hash_matches(): void {
		$token = PreviewToken::generate();
		$this->assertMatchesRegularExpression( '/^svcp_[a-f0-9]{64}$/', $token );
		$this->assertNotSame( $token, PreviewToken::generate() );
		$hash = PreviewToken::hash( $token );
		$this->assertSame( hash( 'sha256', $token ), $hash );
		$this->assertStringNotContainsString( substr( $token, 5 ), $hash );
		$this->assertTrue( PreviewToken::matches( $hash, $token ) );
		$this->assertFalse( PreviewToken::matches( $hash, PreviewToken::generate() ) );
		// The hash itself is no token: a leaked database row opens nothing.
		$this->assertFalse( PreviewToken::matches( $hash, $hash ) );
	}

	/**
	 * @return array<string, array{0: string}>
	 */
	public static function malformed(): array {
		return array(
			'empty'          => array( '' ),
			'no prefix'      => array( str_repeat( 'a', 64 ) ),
			'short'          => array( 'svcp_' . str_repeat( 'a', 63 ) ),
			'long'           => array( 'svcp_' . str_repeat( 'a', 65 ) ),
			'upper case'     => array( 'svcp_' . str_repeat( 'A', 64 ) ),
			'trailing nl'    => array( 'svcp_' . str_repeat( 'a', 64 ) . "\n" ),
			'sql in it'      => array( "svcp_' OR 1=1 -- " ),
			'another prefix' => array( 'svcq_' . str_repeat( 'a', 64 ) ),
		);
	}

	/**
	 * @dataProvider malformed
	 */
	public function test_a_malformed_token_is_refused_before_any_lookup( string $token ): void {
		$this->assertFalse( PreviewToken::well_formed( $token ) );
		$this->assertFalse( PreviewToken::matches( PreviewToken::hash( $token ), $token ) );
	}

	public function test_a_preview_expires_at_its_time_and_one_without_a_time_is_expired(): void {
		$this->assertFalse( PreviewToken::expired( 1000, 999 ) );
		$this->assertTrue( PreviewToken::expired( 1000, 1000 ) );
		$this->assertTrue( PreviewToken::expired( 1000, 1001 ) );
		$this->assertTrue( PreviewToken::expired( null, 0 ) );
	}

	public function test_the_ttl_a_filter_gives_is_bounded_to_a_second_to_a_year(): void {
		$this->assertSame( 7 * 86400, PreviewToken::DEFAULT_TTL );
		$this->assertSame( 60, PreviewToken::bounded_ttl( 60 ) );
		$this->assertSame( 60, PreviewToken::bounded_ttl( '60' ) );
		$this->assertSame( 1, PreviewToken::bounded_ttl( 0 ) );
		$this->assertSame( 1, PreviewToken::bounded_ttl( -5 ) );
		$this->assertSame( 365 * 86400, PreviewToken::bounded_ttl( PHP_INT_MAX ) );
		$this->assertSame( PreviewToken::DEFAULT_TTL, PreviewToken::bounded_ttl( 'soon' ) );
		$this->assertSame( PreviewToken::DEFAULT_TTL, PreviewToken::bounded_ttl( null ) );
	}

	public function test_previews_have_their_own_pool_and_a_client_may_ask_for_one(): void {
		$this->assertSame( 'preview', ReleaseKind::pool( ReleaseKind::PREVIEW ) );
		$this->assertNotSame( ReleaseKind::pool( ReleaseKind::PUSH ), ReleaseKind::pool( ReleaseKind::PREVIEW ) );
		// A promote is a deploy: it is what a rollback goes back to.
		$this->assertSame( ReleaseKind::pool( ReleaseKind::PUSH ), ReleaseKind::pool( ReleaseKind::PROMOTE ) );
		$this->assertTrue( ReleaseKind::requestable( ReleaseKind::PREVIEW ) );
		$this->assertFalse( ReleaseKind::requestable( ReleaseKind::PROMOTE ) );
		$this->assertTrue( ReleaseKind::is_preview( 'preview' ) );
		$this->assertFalse( ReleaseKind::is_preview( 'push' ) );
	}

	public function test_a_collection_keeps_the_trees_of_live_previews_only(): void {
		$root = sys_get_temp_dir() . '/svc-preview-trees-' . bin2hex( random_bytes( 4 ) );
		mkdir( $root . '/trees', 0777, true );
		foreach ( array( 'r3-aaaaaaaaaaaa', 'r4-bbbbbbbbbbbb', 'p5-cccccccccccc', 'p6-dddddddddddd', 'r2-eeeeeeeeeeee' ) as $tree ) {
			mkdir( $root . '/trees/' . $tree );
		}
		symlink( 'trees/r4-bbbbbbbbbbbb', $root . '/api' );
		try {
			$trees = new Trees( new Paths( $root ) );
			$this->assertSame( 'p5-cccccccccccc', $trees->preview_tree( 5 ) );
			$this->assertNull( $trees->preview_tree( 7 ) );
			$kept = $trees->collect( array( 5 ) );
			sort( $kept );
			$this->assertSame( array( 'p5-cccccccccccc', 'r3-aaaaaaaaaaaa', 'r4-bbbbbbbbbbbb' ), $kept );
			$left = array_values( array_diff( (array) scandir( $root . '/trees' ), array( '.', '..' ) ) );
			sort( $left );
			$this->assertSame( array( 'p5-cccccccccccc', 'r3-aaaaaaaaaaaa', 'r4-bbbbbbbbbbbb' ), $left );
			$this->assertNull( $trees->preview_tree( 6 ) );
		} finally {
			Trees::remove( $root );
		}
	}

	public function test_a_message_is_optional_bounded_text(): void {
		$this->assertNull( ReleaseMessage::problem( null ) );
		$this->assertNull( ReleaseMessage::problem( 'fix the webhook' ) );
		$this->assertNull( ReleaseMessage::problem( str_repeat( 'é', ReleaseMessage::MAX_CHARS ) ) );
		$this->assertNotNull( ReleaseMessage::problem( str_repeat( 'x', ReleaseMessage::MAX_CHARS + 1 ) ) );
		$this->assertNotNull( ReleaseMessage::problem( 12 ) );
		$this->assertNotNull( ReleaseMessage::problem( array( 'a' ) ) );
		$this->assertNotNull( ReleaseMessage::problem( "\xff\xfe" ) );
		$this->assertSame( 'ship it', ReleaseMessage::normalize( "  ship it\n" ) );
		$this->assertNull( ReleaseMessage::normalize( '   ' ) );
		$this->assertNull( ReleaseMessage::normalize( null ) );
		// Kept as written: escaping is for whoever shows it.
		$this->assertSame( '<script>x</script>', ReleaseMessage::normalize( '<script>x</script>' ) );
	}
}
