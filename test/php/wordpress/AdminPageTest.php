<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Admin\AdminPage;
use Svc\Release\Change;

/**
 * The server-rendered part of the admin page: why deploys are refused, and the active release.
 */
final class AdminPageTest extends SvcTestCase {

	private function page(): string {
		wp_set_current_user( 1 );
		// What wp-admin/admin.php sets before it calls a page's callback (its title is looked up by it).
		$GLOBALS['plugin_page'] = AdminPage::SLUG;
		ob_start();
		( new AdminPage() )->render();
		return (string) ob_get_clean();
	}

	public function test_a_hardened_site_says_why_deploys_are_refused(): void {
		add_filter( 'file_mod_allowed', '__return_false' );
		try {
			$html = $this->page();
		} finally {
			remove_filter( 'file_mod_allowed', '__return_false' );
		}
		$this->assertStringContainsString( 'svc-deploy-disallowed', $html );
		$this->assertStringContainsString( 'SVC_ALLOW_DEPLOY', $html );
		$this->assertStringNotContainsString( 'svc-deploy-disallowed', $this->page() );
	}

	public function test_the_active_release_is_named_with_who_deployed_it(): void {
		$this->assertStringNotContainsString( 'Active release', $this->page() );
		wp_set_current_user( 1 );
		$outcome = $this->deploy( array( 'hello' => self::route( self::unique( 'Hello' ) ) ) );
		$login   = get_userdata( 1 )->user_login;
		$this->assertStringContainsString( sprintf( 'Active release: #%d, deployed', $outcome['release']['id'] ), $this->page() );
		$this->assertStringContainsString( 'by ' . $login . ' (1 file)', $this->page() );
	}

	public function test_a_message_is_shown_escaped_and_live_previews_are_listed(): void {
		wp_set_current_user( 1 );
		$source  = self::route( self::unique( 'Noted' ) );
		$hash    = hash( 'sha256', $source );
		$outcome = $this->deployer->commit( new Change( files: array( 'noted' => $hash ), inline: array( $hash => $source ), message: '<script>alert(1)</script> fix' ) );
		$this->assertIsArray( $outcome );
		$html = $this->page();
		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt; fix', $html );
		$this->assertStringNotContainsString( '<script>alert(1)', $html );

		$next    = self::route( self::unique( 'Previewed' ) );
		$hash    = hash( 'sha256', $next );
		$preview = $this->deployer->commit( new Change( files: array( 'noted' => $hash ), inline: array( $hash => $next ), kind: 'preview', message: 'try <b>it</b>' ) );
		$this->assertIsArray( $preview );
		$html = $this->page();
		$this->assertStringContainsString( sprintf( 'Preview #%d by ', $preview['release']['id'] ), $html );
		$this->assertStringContainsString( 'try &lt;b&gt;it&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( (string) $preview['token'], $html );
	}
}
