<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\AuthorizationFallback;

/**
 * X-Svc-Authorization carries HTTP Basic credentials exactly; anything else lends nothing.
 */
final class AuthorizationFallbackTest extends TestCase {

	/** @return array<string, array{string, array{0: string, 1: string}|null}> */
	public function headers(): array {
		return array(
			'basic'                       => array( 'Basic ' . base64_encode( 'admin:abcd efgh ijkl mnop qrst uvwx' ), array( 'admin', 'abcd efgh ijkl mnop qrst uvwx' ) ),
			'scheme in any case'          => array( 'basic ' . base64_encode( 'admin:pw' ), array( 'admin', 'pw' ) ),
			'a colon in the password'     => array( 'Basic ' . base64_encode( 'admin:a:b' ), array( 'admin', 'a:b' ) ),
			'no colon'                    => array( 'Basic ' . base64_encode( 'admin' ), null ),
			'no user'                     => array( 'Basic ' . base64_encode( ':pw' ), null ),
			'another scheme'              => array( 'Bearer abc', null ),
			'not base64'                  => array( 'Basic ***', null ),
			'empty'                       => array( '', null ),
			'longer than any credentials' => array( 'Basic ' . str_repeat( 'A', 5000 ), null ),
		);
	}

	/**
	 * @dataProvider headers
	 * @param array{0: string, 1: string}|null $expected
	 */
	public function test_reads_basic_credentials_only( string $header, ?array $expected ): void {
		$this->assertSame( $expected, AuthorizationFallback::basic_credentials( $header ) );
	}
}
