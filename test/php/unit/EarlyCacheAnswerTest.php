<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\AnswerAge;
use Svc\EarlyCache\HitPlan;
use Svc\EarlyCache\RequestLine;
use Svc\EarlyCache\StorableAnswer;

final class EarlyCacheAnswerTest extends TestCase {

	/** @return array<string, array{int, array<mixed>, bool, list<string>, string|null}> */
	public function answers(): array {
		$public = array( 'get' );
		return array(
			'200 of a public cached route' => array( 200, array( 'Content-Type' => 'application/json' ), true, $public, null ),
			'its own headers are kept'     => array(
				200,
				array(
					'X-Total'       => '3',
					'Cache-Control' => 'public, max-age=60',
				),
				true,
				$public,
				null,
			),
			'route without #[Cache]'       => array( 200, array(), false, $public, StorableAnswer::NOT_CACHED ),
			'GET not open to anyone'       => array( 200, array(), true, array( 'post' ), StorableAnswer::NOT_PUBLIC ),
			'201'                          => array( 201, array(), true, $public, StorableAnswer::STATUS ),
			'204'                          => array( 204, array(), true, $public, StorableAnswer::STATUS ),
			'304'                          => array( 304, array(), true, $public, StorableAnswer::STATUS ),
			'404'                          => array( 404, array(), true, $public, StorableAnswer::STATUS ),
			'500'                          => array( 500, array(), true, $public, StorableAnswer::STATUS ),
			'Set-Cookie'                   => array( 200, array( 'Set-Cookie' => 'a=b' ), true, $public, StorableAnswer::COOKIE ),
			'set-cookie in lower case'     => array( 200, array( 'set-cookie' => array( 'a=b', 'c=d' ) ), true, $public, StorableAnswer::COOKIE ),
			'Cache-Control private'        => array( 200, array( 'Cache-Control' => 'private, max-age=60' ), true, $public, StorableAnswer::PRIVATE ),
			'Cache-Control no-store'       => array( 200, array( 'cache-control' => 'max-age=0,no-store' ), true, $public, StorableAnswer::PRIVATE ),
			'Vary on the preview header'   => array( 200, array( 'Vary' => 'X-Svc-Preview' ), true, $public, null ),
			'Vary on the encoding'         => array( 200, array( 'Vary' => 'Accept-Encoding, X-Svc-Preview' ), true, $public, null ),
			'Vary on Origin, as WordPress' => array( 200, array( 'Vary' => 'X-Svc-Preview, Origin' ), true, $public, null ),
			'Vary as a #[Cache] answer'    => array( 200, array( 'Vary' => 'X-Svc-Preview, Authorization, X-Svc-Authorization, Origin' ), true, $public, null ),
			'Vary on the cookies'          => array( 200, array( 'Vary' => 'X-Svc-Preview, Cookie' ), true, $public, StorableAnswer::VARY ),
			'Vary on the language'         => array( 200, array( 'Vary' => 'X-Svc-Preview, Accept-Language' ), true, $public, StorableAnswer::VARY ),
			'Vary on everything'           => array( 200, array( 'Vary' => '*' ), true, $public, StorableAnswer::VARY ),
			'compressed'                   => array( 200, array( 'Content-Encoding' => 'gzip' ), true, $public, StorableAnswer::ENCODED ),
			'compressed, in lower case'    => array( 200, array( 'content-encoding' => array( 'br' ) ), true, $public, StorableAnswer::ENCODED ),
			'identity is no encoding'      => array( 200, array( 'Content-Encoding' => 'identity' ), true, $public, null ),
		);
	}

	/**
	 * @dataProvider answers
	 * @param array<mixed> $headers
	 * @param list<string> $public
	 */
	public function test_only_an_answer_meant_for_anyone_is_stored( int $status, array $headers, bool $cached, array $public, ?string $expected ): void {
		$this->assertSame( $expected, StorableAnswer::refusal( $status, $headers, $cached, $public ) );
	}

	/** @return array<string, array{int, int, int|null, int, string}> */
	public function ages(): array {
		return array(
			'just stored'              => array( 1000, 60, null, 1000, AnswerAge::FRESH ),
			'last fresh second'        => array( 1000, 60, null, 1059, AnswerAge::FRESH ),
			'maxAge reached, no swr'   => array( 1000, 60, null, 1060, AnswerAge::EXPIRED ),
			'maxAge reached, with swr' => array( 1000, 60, 30, 1060, AnswerAge::STALE ),
			'last stale second'        => array( 1000, 60, 30, 1089, AnswerAge::STALE ),
			'past swr'                 => array( 1000, 60, 30, 1090, AnswerAge::EXPIRED ),
			'maxAge 0 is never fresh'  => array( 1000, 0, null, 1000, AnswerAge::EXPIRED ),
			'maxAge 0 with swr'        => array( 1000, 0, 10, 1005, AnswerAge::STALE ),
			'stored by a clock ahead'  => array( 2000, 60, null, 1000, AnswerAge::FRESH ),
			'negative swr is none'     => array( 1000, 60, -5, 1060, AnswerAge::EXPIRED ),
		);
	}

	/** @dataProvider ages */
	public function test_an_answer_is_fresh_then_stale_then_expired( int $stored, int $max_age, ?int $swr, int $now, string $expected ): void {
		$this->assertSame( $expected, AnswerAge::of( $stored, $max_age, $swr, $now ) );
	}

	public function test_the_store_keeps_an_answer_as_long_as_it_may_be_served(): void {
		$this->assertSame( 90, AnswerAge::lifetime( 60, 30 ) );
		$this->assertSame( 60, AnswerAge::lifetime( 60, null ) );
		$this->assertSame( 1, AnswerAge::lifetime( 0, null ) );
	}

	/** @return array<string, array{string|null, bool, string}> */
	public function plans(): array {
		return array(
			'fresh'                       => array( AnswerAge::FRESH, false, HitPlan::SERVE ),
			'stale, lock taken'           => array( AnswerAge::STALE, true, HitPlan::SERVE_THEN_REFRESH ),
			'stale, lock held by another' => array( AnswerAge::STALE, false, HitPlan::SERVE ),
			'expired, lock taken'         => array( AnswerAge::EXPIRED, true, HitPlan::COMPUTE_AND_STORE ),
			'expired, lock held'          => array( AnswerAge::EXPIRED, false, HitPlan::WAIT ),
			'nothing, lock taken'         => array( null, true, HitPlan::COMPUTE_AND_STORE ),
			'nothing, lock held'          => array( null, false, HitPlan::WAIT ),
		);
	}

	/** @dataProvider plans */
	public function test_one_request_refreshes_and_the_others_do_not_boot_wordpress( ?string $age, bool $has_lock, string $expected ): void {
		$this->assertSame( $expected, HitPlan::decide( $age, $has_lock ) );
	}

	public function test_a_fresh_hit_takes_no_lock(): void {
		$this->assertFalse( HitPlan::needs_lock( AnswerAge::FRESH ) );
		$this->assertTrue( HitPlan::needs_lock( AnswerAge::STALE ) );
		$this->assertTrue( HitPlan::needs_lock( AnswerAge::EXPIRED ) );
		$this->assertTrue( HitPlan::needs_lock( null ) );
	}

	/** @return array<string, array{string|null, string}> */
	public function unstored_plans(): array {
		return array(
			'fresh'   => array( AnswerAge::FRESH, HitPlan::SERVE ),
			'stale'   => array( AnswerAge::STALE, HitPlan::SERVE ),
			'expired' => array( AnswerAge::EXPIRED, HitPlan::COMPUTE ),
			'nothing' => array( null, HitPlan::COMPUTE ),
		);
	}

	/**
	 * A HEAD holding the lock would store nothing, and the GETs waiting for it would
	 * wait for nothing: it never takes it, and never waits either.
	 *
	 * @dataProvider unstored_plans
	 */
	public function test_a_request_whose_answer_is_not_stored_takes_no_lock_and_never_waits( ?string $age, string $expected ): void {
		$this->assertFalse( HitPlan::needs_lock( $age, false ) );
		$this->assertSame( $expected, HitPlan::decide( $age, false, false ) );
	}

	/** @return array<string, array{array<string, string>, bool}> */
	public function requests(): array {
		return array(
			'a GET'                    => array( array( 'REQUEST_METHOD' => 'GET' ), true ),
			'a get in lower case'      => array( array( 'REQUEST_METHOD' => 'get' ), true ),
			'a HEAD'                   => array( array( 'REQUEST_METHOD' => 'HEAD' ), false ),
			// Computed as a plain GET and stored; the 304 is sent from the answer (EarlyServer).
			'a GET with If-None-Match' => array(
				array(
					'REQUEST_METHOD'     => 'GET',
					'HTTP_IF_NONE_MATCH' => '"abc"',
				),
				true,
			),
			'an empty If-None-Match'   => array(
				array(
					'REQUEST_METHOD'     => 'GET',
					'HTTP_IF_NONE_MATCH' => ' ',
				),
				true,
			),
		);
	}

	/**
	 * @dataProvider requests
	 * @param array<string, string> $server
	 */
	public function test_only_a_get_stores_its_answer( array $server, bool $expected ): void {
		$this->assertSame( $expected, HitPlan::stores( RequestLine::method( $server ) ) );
	}
}
