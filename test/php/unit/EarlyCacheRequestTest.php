<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\SharedRequest;

final class EarlyCacheRequestTest extends TestCase {

	/** @return array<string, array{array<string, mixed>, array<string, mixed>, array<string, mixed>, list<string>, string|null}> */
	public function requests(): array {
		$get = array( 'REQUEST_METHOD' => 'GET' );
		return array(
			'plain GET'                      => array( $get, array(), array(), array(), null ),
			'HEAD'                           => array( array( 'REQUEST_METHOD' => 'HEAD' ), array(), array(), array(), null ),
			'lower-case get'                 => array( array( 'REQUEST_METHOD' => 'get' ), array(), array(), array(), null ),
			'POST'                           => array( array( 'REQUEST_METHOD' => 'POST' ), array(), array(), array(), SharedRequest::METHOD ),
			'OPTIONS'                        => array( array( 'REQUEST_METHOD' => 'OPTIONS' ), array(), array(), array(), SharedRequest::METHOD ),
			'no method'                      => array( array(), array(), array(), array(), SharedRequest::METHOD ),
			'logged-in cookie'               => array( $get, array( 'wordpress_logged_in_abc' => 'x' ), array(), array(), SharedRequest::CREDENTIALS ),
			'secure auth cookie'             => array( $get, array( 'wordpress_sec_abc' => 'x' ), array(), array(), SharedRequest::CREDENTIALS ),
			'post password cookie'           => array( $get, array( 'wp-postpass_abc' => 'x' ), array(), array(), SharedRequest::CREDENTIALS ),
			'comment author cookie'          => array( $get, array( 'comment_author_abc' => 'x' ), array(), array(), SharedRequest::CREDENTIALS ),
			'test cookie only'               => array( $get, array( 'wordpress_test_cookie' => 'WP Cookie check' ), array(), array(), null ),
			'an unrelated cookie'            => array( $get, array( '_ga' => 'x' ), array(), array(), null ),
			'Authorization'                  => array( $get + array( 'HTTP_AUTHORIZATION' => 'Basic eDp5' ), array(), array(), array(), SharedRequest::CREDENTIALS ),
			'Authorization passed by Apache' => array( $get + array( 'REDIRECT_HTTP_AUTHORIZATION' => 'Bearer t' ), array(), array(), array(), SharedRequest::CREDENTIALS ),
			'PHP basic auth user'            => array( $get + array( 'PHP_AUTH_USER' => 'x' ), array(), array(), array(), SharedRequest::CREDENTIALS ),
			// WordPress's .htaccess passes the header to PHP as an empty variable when there is none.
			'empty Authorization (Apache)'   => array(
				$get + array(
					'HTTP_AUTHORIZATION'          => '',
					'REDIRECT_HTTP_AUTHORIZATION' => ' ',
				),
				array(),
				array(),
				array(),
				null,
			),
			'empty X-Svc-Authorization'      => array( $get + array( 'HTTP_X_SVC_AUTHORIZATION' => '' ), array(), array(), array(), null ),
			'PHP basic auth, empty user'     => array( $get + array( 'PHP_AUTH_USER' => '' ), array(), array(), array(), SharedRequest::CREDENTIALS ),
			'Authorization of another type'  => array( $get + array( 'HTTP_AUTHORIZATION' => array( 'x' ) ), array(), array(), array(), SharedRequest::CREDENTIALS ),
			'X-Svc-Authorization'            => array( $get + array( 'HTTP_X_SVC_AUTHORIZATION' => 'Basic eDp5' ), array(), array(), array(), SharedRequest::CREDENTIALS ),
			'preview token'                  => array( $get + array( 'HTTP_X_SVC_PREVIEW' => 'tok' ), array(), array(), array(), SharedRequest::PREVIEW ),
			'method override'                => array( $get + array( 'HTTP_X_HTTP_METHOD_OVERRIDE' => 'POST' ), array(), array(), array(), SharedRequest::OVERRIDE ),
			'a cross-origin request'         => array( $get + array( 'HTTP_ORIGIN' => 'https://other.test' ), array(), array(), array(), SharedRequest::ORIGIN ),
			'nonce header'                   => array( $get + array( 'HTTP_X_WP_NONCE' => 'n' ), array(), array(), array(), SharedRequest::NONCE ),
			'nonce parameter'                => array( $get, array(), array( '_wpnonce' => 'n' ), array( '_wpnonce' ), SharedRequest::NONCE ),
			'declared parameter'             => array( $get, array(), array( 'page' => '2' ), array( 'page', 'per_page' ), null ),
			'undeclared parameter'           => array(
				$get,
				array(),
				array(
					'page' => '2',
					'x'    => '1',
				),
				array( 'page' ),
				SharedRequest::UNDECLARED,
			),
			'_fields is not declared'        => array( $get, array(), array( '_fields' => 'id' ), array( 'id' ), SharedRequest::UNDECLARED ),
			'_embed is not declared'         => array( $get, array(), array( '_embed' => '' ), array(), SharedRequest::UNDECLARED ),
			'numeric parameter name'         => array( $get, array(), array( 0 => 'x' ), array(), SharedRequest::UNDECLARED ),
			'rest_route names another route' => array( $get, array(), array( 'rest_route' => '/svc/v1/other' ), array(), SharedRequest::UNDECLARED ),
			'rest_route even if declared'    => array( $get, array(), array( 'rest_route' => '/svc/v1/other' ), array( 'rest_route' ), SharedRequest::UNDECLARED ),
			'query string too long'          => array( $get + array( 'QUERY_STRING' => 'page=' . str_repeat( '1', 2044 ) ), array(), array( 'page' => '1' ), array( 'page' ), SharedRequest::TOO_LONG ),
			'query string at the bound'      => array( $get + array( 'QUERY_STRING' => 'page=' . str_repeat( '1', 2043 ) ), array(), array( 'page' => '1' ), array( 'page' ), null ),
		);
	}

	/**
	 * @dataProvider requests
	 * @param array<string, mixed> $server
	 * @param array<string, mixed> $cookies
	 * @param array<string, mixed> $query
	 * @param list<string>         $declared
	 */
	public function test_only_a_request_anyone_could_make_shares_an_answer( array $server, array $cookies, array $query, array $declared, ?string $expected ): void {
		$this->assertSame( $expected, SharedRequest::refusal( $server, $cookies, $query, $declared ) );
	}
}
