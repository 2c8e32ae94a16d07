<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\Credentials;

/**
 * The one rule of "this request may be answered for someone": neither served from nor stored into
 * the early cache, and `private` for CDNs and proxies under `#[Cache]`.
 */
final class CredentialsTest extends TestCase {

	/** @return array<string, array{array<string, string>, array<string, mixed>, bool}> */
	public function cases(): array {
		$hash = str_repeat( 'ab', 16 );
		return array(
			'nothing'                         => array( array( 'REMOTE_ADDR' => '192.0.2.1' ), array(), false ),
			'Basic authorization'             => array( array( 'HTTP_AUTHORIZATION' => 'Basic YTpi' ), array(), true ),
			'Bearer authorization'            => array( array( 'HTTP_AUTHORIZATION' => 'Bearer x' ), array(), true ),
			'authorization Apache passed on'  => array( array( 'REDIRECT_HTTP_AUTHORIZATION' => 'Basic YTpi' ), array(), true ),
			'PHP_AUTH_USER (mod_php)'         => array( array( 'PHP_AUTH_USER' => 'admin' ), array(), true ),
			'PHP_AUTH_DIGEST'                 => array( array( 'PHP_AUTH_DIGEST' => 'x' ), array(), true ),
			'X-Svc-Authorization'             => array( array( 'HTTP_X_SVC_AUTHORIZATION' => 'Basic YTpi' ), array(), true ),
			// Nothing WordPress or svc authenticates with; WordPress's .htaccess sets it so on every request.
			'a blank header carries nothing'  => array( array( 'HTTP_AUTHORIZATION' => '  ' ), array(), false ),
			'the .htaccess pass-through'      => array(
				array(
					'HTTP_AUTHORIZATION'          => '',
					'REDIRECT_HTTP_AUTHORIZATION' => '',
				),
				array(),
				false,
			),
			'an empty user name (mod_php)'    => array( array( 'PHP_AUTH_USER' => '' ), array(), true ),
			'logged-in cookie'                => array( array(), array( 'wordpress_logged_in_' . $hash => 'admin|1|x|y' ), true ),
			'secure auth cookie'              => array( array(), array( 'wordpress_sec_' . $hash => 'admin|1|x|y' ), true ),
			'auth cookie'                     => array( array(), array( 'wordpress_' . $hash => 'admin|1|x|y' ), true ),
			'an empty login cookie'           => array( array(), array( 'wordpress_logged_in_' . $hash => '' ), true ),
			'post password cookie'            => array( array(), array( 'wp-postpass_' . $hash => 'x' ), true ),
			'comment author cookie'           => array( array(), array( 'comment_author_' . $hash => 'Ann' ), true ),
			'test cookie is anyone\'s'        => array( array(), array( 'wordpress_test_cookie' => 'WP Cookie check' ), false ),
			'analytics cookies are anyone\'s' => array(
				array(),
				array(
					'_ga'     => 'GA1.1',
					'consent' => 'yes',
				),
				false,
			),
			'settings cookie is anyone\'s'    => array( array(), array( 'wp-settings-1' => 'x' ), false ),
		);
	}

	/**
	 * @dataProvider cases
	 * @param array<string, string> $server
	 * @param array<string, mixed>  $cookies
	 */
	public function test_credentials_are_authorization_headers_and_known_visitors_cookies( array $server, array $cookies, bool $expected ): void {
		$this->assertSame( $expected, Credentials::carried( $server, $cookies ) );
	}
}
