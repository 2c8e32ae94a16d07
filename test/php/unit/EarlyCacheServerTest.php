<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\AnswerKey;
use Svc\EarlyCache\DiskStore;
use Svc\EarlyCache\DropInSource;
use Svc\EarlyCache\StoredAnswer;
use Svc\EarlyCache\IndexFile;
use Svc\EarlyCache\Scope;

/**
 * svc's drop-in and entry script over real HTTP (php -S), in front of a stand-in for WordPress that
 * logs every boot: what reaches "WordPress" is what the early cache did not answer. The real site's
 * tests (WordPress, nginx + PHP-FPM) are still to come; this one pins the entry script's behaviour.
 */
final class EarlyCacheServerTest extends TestCase {

	private string $root;
	/** @var resource|null */
	private $server   = null;
	private int $port = 0;

	protected function setUp(): void {
		// php -S of PHP_BINARY serves the stand-in WordPress: PHP built for WebAssembly cannot start it.
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
		$this->root = sys_get_temp_dir() . '/svc-early-http-' . bin2hex( random_bytes( 6 ) );
		mkdir( $this->root . '/wp-content', 0777, true );
		$entry = realpath( dirname( __DIR__, 3 ) . '/plugin/src/EarlyCache/entry.php' );
		$this->assertIsString( $entry );
		file_put_contents( $this->root . '/wp-content/advanced-cache.php', DropInSource::render( $entry ) );
		// The stand-in for WordPress: a boot is logged, then the answer a route with #[Cache] gives.
		file_put_contents(
			$this->root . '/index.php',
			'<?php
			define( "ABSPATH", __DIR__ . "/" );
			define( "WP_CONTENT_DIR", __DIR__ . "/wp-content" );
			define( "SVC_EARLY_CACHE_SINGLE_NODE", true );
			include WP_CONTENT_DIR . "/advanced-cache.php";
			file_put_contents( __DIR__ . "/boots.log", $_SERVER["REQUEST_URI"] . ( isset( $_SERVER["HTTP_IF_NONE_MATCH"] ) ? " If-None-Match" : "" ) . "\n", FILE_APPEND );
			$path = strtok( $_SERVER["REQUEST_URI"], "?" );
			header( "Content-Type: application/json; charset=UTF-8" );
			header( "Cache-Control: public, max-age=60" );
			header( "ETag: \"e1\"" );
			header( "X-Route: own" );
			if ( str_ends_with( $path, "/cookie" ) ) {
				setcookie( "visitor", "1" );
			}
			// A plugin that throws away stray output before the answer (ob_clean), or every buffer.
			if ( str_ends_with( $path, "/cleaned" ) ) {
				echo "STRAY-OUTPUT";
				ob_clean();
			}
			if ( str_ends_with( $path, "/ended" ) ) {
				echo "STRAY-OUTPUT";
				while ( ob_get_level() > 0 ) {
					ob_end_clean();
				}
			}
			if ( str_ends_with( $path, "/slow" ) ) {
				usleep( 300000 );
			}
			if ( str_ends_with( $path, "/missing" ) ) {
				http_response_code( 404 );
			}
			echo json_encode( array( "path" => $path, "boot" => count( file( __DIR__ . "/boots.log" ) ) ) );'
		);
		$socket = stream_socket_server( 'tcp://127.0.0.1:0' );
		$this->assertIsResource( $socket );
		$this->port = (int) substr( (string) strrchr( (string) stream_socket_get_name( $socket, false ), ':' ), 1 );
		fclose( $socket );
		$this->publish( 'h1' );
		$command = escapeshellarg( PHP_BINARY ) . ' -S 127.0.0.1:' . $this->port . ' -t ' . escapeshellarg( $this->root ) . ' ' . escapeshellarg( $this->root . '/index.php' );
		// Workers enough for requests to overlap (PHP_CLI_SERVER_WORKERS).
		$this->server = proc_open( 'exec env PHP_CLI_SERVER_WORKERS=8 ' . $command, array( array( 'pipe', 'r' ), array( 'file', '/dev/null', 'w' ), array( 'file', '/dev/null', 'w' ) ), $pipes );
		for ( $try = 0; $try < 200; $try++ ) {
			$probe = @fsockopen( '127.0.0.1', $this->port );
			if ( false !== $probe ) {
				fclose( $probe );
				return;
			}
			usleep( 25000 );
		}
		$this->fail( 'php -S did not start' );
	}

	protected function tearDown(): void {
		if ( is_resource( $this->server ) ) {
			proc_terminate( $this->server );
			proc_close( $this->server );
		}
		if ( isset( $this->root ) ) {
			exec( 'rm -rf ' . escapeshellarg( $this->root ) );
		}
	}

	private function publish( string $hash, ?int $swr = null ): void {
		$cached = static fn ( array $args ): array => array(
			'hash'    => $hash,
			'max_age' => 60,
			'swr'     => $swr,
			'args'    => $args,
		);
		$this->assertTrue(
			( new IndexFile( $this->root . '/wp-content/svc/early-cache/sites/' . Scope::folder( '127.0.0.1:' . $this->port ) ) )->write(
				array(
					'scope'   => '127.0.0.1:' . $this->port,
					'prefix'  => '/wp-json/svc/v1/',
					'static'  => array(
						'hello'    => $cached( array( 'page' ) ),
						'cookie'   => $cached( array() ),
						'cleaned'  => $cached( array() ),
						'ended'    => $cached( array() ),
						'missing'  => $cached( array() ),
						'slow'     => $cached( array() ),
						'uncached' => null,
					),
					'dynamic' => array(),
				)
			)
		);
	}

	/**
	 * @param list<string> $headers
	 * @return array{status: int, headers: array<string, string>, body: string}
	 */
	private function get( string $path, array $headers = array() ): array {
		$context = stream_context_create(
			array(
				'http' => array(
					'ignore_errors' => true,
					'header'        => $headers,
				),
			)
		);
		$body    = (string) file_get_contents( 'http://127.0.0.1:' . $this->port . $path, false, $context );
		$status  = 0;
		$kept    = array();
		foreach ( $http_response_header as $line ) {
			if ( 1 === preg_match( '#^HTTP/\S+ (\d{3})#', $line, $match ) ) {
				$status = (int) $match[1];
			} elseif ( str_contains( $line, ':' ) ) {
				list( $name, $value )        = explode( ':', $line, 2 );
				$kept[ strtolower( $name ) ] = trim( $value );
			}
		}
		return array(
			'status'  => $status,
			'headers' => $kept,
			'body'    => $body,
		);
	}

	private function boots(): int {
		return is_file( $this->root . '/boots.log' ) ? count( (array) file( $this->root . '/boots.log' ) ) : 0;
	}

	public function test_a_hit_is_answered_before_wordpress_with_the_miss_s_status_headers_and_body(): void {
		$miss = $this->get( '/wp-json/svc/v1/hello?page=2' );
		$this->assertSame( 200, $miss['status'] );
		$this->assertSame( 'MISS', $miss['headers']['x-svc-cache'] ?? null );
		$this->assertSame( 1, $this->boots() );

		$hit = $this->get( '/wp-json/svc/v1/hello?page=2' );
		$this->assertSame( 'HIT', $hit['headers']['x-svc-cache'] ?? null );
		$this->assertSame( 1, $this->boots(), 'a hit never reaches WordPress' );
		$this->assertSame( $miss['body'], $hit['body'] );
		$this->assertSame( 200, $hit['status'] );
		foreach ( array( 'content-type', 'cache-control', 'etag', 'x-route' ) as $name ) {
			$this->assertSame( $miss['headers'][ $name ] ?? 'missing', $hit['headers'][ $name ] ?? null, $name );
		}

		$not_modified = $this->get( '/wp-json/svc/v1/hello?page=2', array( 'If-None-Match: "e1"' ) );
		$this->assertSame( 304, $not_modified['status'] );
		$this->assertSame( '', $not_modified['body'] );
		$this->assertSame( 1, $this->boots() );
	}

	/**
	 * A CDN revalidating with nothing stored: WordPress computes the answer as a plain GET (it never
	 * sees the header), the answer is stored, and the client gets the 304 WordPress would have sent.
	 */
	public function test_a_revalidation_with_nothing_stored_is_stored_and_answered_304(): void {
		$not_modified = $this->get( '/wp-json/svc/v1/hello?page=3', array( 'If-None-Match: "e1"' ) );
		$this->assertSame( 304, $not_modified['status'] );
		$this->assertSame( '', $not_modified['body'] );
		$this->assertSame( 'MISS', $not_modified['headers']['x-svc-cache'] ?? null );
		$this->assertSame( '"e1"', $not_modified['headers']['etag'] ?? null );
		$this->assertSame( 'public, max-age=60', $not_modified['headers']['cache-control'] ?? null );
		$this->assertSame( 'own', $not_modified['headers']['x-route'] ?? null, 'WordPress\'s own 304: its headers, no body' );
		$this->assertSame( "/wp-json/svc/v1/hello?page=3\n", (string) file_get_contents( $this->root . '/boots.log' ) );

		$hit = $this->get( '/wp-json/svc/v1/hello?page=3' );
		$this->assertSame( 200, $hit['status'] );
		$this->assertSame( 'HIT', $hit['headers']['x-svc-cache'] ?? null );
		$this->assertSame( '{"path":"\/wp-json\/svc\/v1\/hello","boot":1}', $hit['body'] );
		$this->assertSame( 1, $this->boots() );

		// A tag that does not match: the whole answer, stored all the same.
		$full = $this->get( '/wp-json/svc/v1/hello?page=4', array( 'If-None-Match: "old"' ) );
		$this->assertSame( 200, $full['status'] );
		$this->assertSame( '{"path":"\/wp-json\/svc\/v1\/hello","boot":2}', $full['body'] );
		$this->assertSame( 'HIT', $this->get( '/wp-json/svc/v1/hello?page=4' )['headers']['x-svc-cache'] ?? null );
		$this->assertSame( 2, $this->boots() );

		// An answer that may not be stored: WordPress's own 304 all the same (its headers, no body).
		$cookie = $this->get( '/wp-json/svc/v1/cookie', array( 'If-None-Match: "e1"' ) );
		$this->assertSame( 304, $cookie['status'] );
		$this->assertSame( '', $cookie['body'] );
		$this->assertSame( 'own', $cookie['headers']['x-route'] ?? null );
		$this->assertStringContainsString( 'visitor=1', $cookie['headers']['set-cookie'] ?? '' );
		$this->assertSame( 'MISS', $this->get( '/wp-json/svc/v1/cookie' )['headers']['x-svc-cache'] ?? null, 'and never stored' );
	}

	/**
	 * Output another plugin threw away is no part of the answer stored; when it ends svc's buffer,
	 * the answer goes out past it and nothing is stored.
	 */
	public function test_output_thrown_away_by_a_plugin_is_never_stored(): void {
		$miss = $this->get( '/wp-json/svc/v1/cleaned' );
		$this->assertSame( '{"path":"\/wp-json\/svc\/v1\/cleaned","boot":1}', $miss['body'] );
		$hit = $this->get( '/wp-json/svc/v1/cleaned' );
		$this->assertSame( 'HIT', $hit['headers']['x-svc-cache'] ?? null );
		$this->assertSame( $miss['body'], $hit['body'] );

		$ended = $this->get( '/wp-json/svc/v1/ended' );
		$this->assertSame( '{"path":"\/wp-json\/svc\/v1\/ended","boot":2}', $ended['body'] );
		$again = $this->get( '/wp-json/svc/v1/ended', array( 'If-None-Match: "e1"' ) );
		$this->assertNotSame( 'HIT', $again['headers']['x-svc-cache'] ?? null );
		$this->assertSame( 3, $this->boots(), 'nothing stored: every request reaches WordPress' );
	}

	public function test_what_may_not_be_shared_always_reaches_wordpress(): void {
		$this->get( '/wp-json/svc/v1/hello' );
		$this->assertSame( 'HIT', $this->get( '/wp-json/svc/v1/hello' )['headers']['x-svc-cache'] ?? null );
		$boots = $this->boots();
		foreach ( array(
			array( '/wp-json/svc/v1/hello', array( 'Cookie: wordpress_logged_in_abc=x' ) ),
			array( '/wp-json/svc/v1/hello', array( 'Authorization: Basic eDp5' ) ),
			array( '/wp-json/svc/v1/hello', array( 'X-Svc-Authorization: Basic eDp5' ) ),
			array( '/wp-json/svc/v1/hello', array( 'X-Svc-Preview: token' ) ),
			array( '/wp-json/svc/v1/hello', array( 'X-WP-Nonce: n' ) ),
			array( '/wp-json/svc/v1/hello', array( 'X-HTTP-Method-Override: POST' ) ),
			array( '/wp-json/svc/v1/hello', array( 'Origin: https://other.test' ) ),
			array( '/wp-json/svc/v1/hello?_method=POST', array() ),
			array( '/wp-json/svc/v1/hello?rest_route=/svc/v1/uncached', array() ),
			array( '/wp-json/svc/v1/hello?_fields=a', array() ),
			array( '/wp-json/svc/v1/uncached', array() ),
		) as list( $path, $headers ) ) {
			$answer = $this->get( $path, $headers );
			$this->assertSame( 'BYPASS', $answer['headers']['x-svc-cache'] ?? null, $path . ' ' . implode( ',', $headers ) );
			$this->assertSame( ++$boots, $this->boots() );
		}
	}

	public function test_an_answer_that_sets_a_cookie_or_fails_is_never_stored(): void {
		foreach ( array( '/wp-json/svc/v1/cookie', '/wp-json/svc/v1/missing' ) as $path ) {
			$this->assertSame( 'MISS', $this->get( $path )['headers']['x-svc-cache'] ?? null );
			$this->assertSame( 'MISS', $this->get( $path )['headers']['x-svc-cache'] ?? null, $path );
		}
		$this->assertSame( 4, $this->boots() );
	}

	public function test_a_new_release_of_the_file_is_never_answered_from_the_old_one(): void {
		$this->get( '/wp-json/svc/v1/hello' );
		$this->assertSame( 'HIT', $this->get( '/wp-json/svc/v1/hello' )['headers']['x-svc-cache'] ?? null );
		$this->publish( 'h2' );
		$this->assertSame( 'MISS', $this->get( '/wp-json/svc/v1/hello' )['headers']['x-svc-cache'] ?? null );
		$this->assertSame( 2, $this->boots() );
	}

	public function test_a_stale_answer_is_served_while_one_request_refreshes_it(): void {
		$this->publish( 'h1', 30 );
		$store = new DiskStore( $this->root . '/wp-content/svc/early-cache/answers' );
		$key   = AnswerKey::for(
			'127.0.0.1:' . $this->port,
			'hello',
			'h1',
			array(
				'path'  => array(),
				'query' => array(),
			)
		);
		$this->assertIsString( $key );
		// Stored 70 s ago: past maxAge (60), within staleWhileRevalidate (30).
		$this->assertTrue( $store->put( $key, (string) StoredAnswer::encode( 200, array( 'ETag' => '"old"' ), '{"old":true}', time() - 70 ), 60 ) );

		// Another request holds the refresh lock: this one is sent the stale answer, WordPress untouched.
		$this->assertTrue( $store->lock( $key, 30 ) );
		$stale = $this->get( '/wp-json/svc/v1/hello' );
		$this->assertSame( '{"old":true}', $stale['body'] );
		$this->assertSame( 0, $this->boots() );

		// The lock is free: this request refreshes (one boot), and the next is sent the new answer.
		$store->unlock( $key );
		$refresh = $this->get( '/wp-json/svc/v1/hello' );
		$this->assertSame( 'MISS', $refresh['headers']['x-svc-cache'] ?? null );
		$this->assertSame( 1, $this->boots() );
		$fresh = $this->get( '/wp-json/svc/v1/hello' );
		$this->assertSame( 'HIT', $fresh['headers']['x-svc-cache'] ?? null );
		$this->assertSame( $refresh['body'], $fresh['body'] );
		$this->assertSame( '"e1"', $fresh['headers']['etag'] ?? null );
		$this->assertSame( 1, $this->boots() );
	}

	public function test_concurrent_requests_for_a_missing_answer_boot_wordpress_once(): void {
		$multi   = curl_multi_init();
		$handles = array();
		for ( $i = 0; $i < 40; $i++ ) {
			$handle = curl_init( 'http://127.0.0.1:' . $this->port . '/wp-json/svc/v1/slow' );
			curl_setopt( $handle, CURLOPT_RETURNTRANSFER, true );
			curl_multi_add_handle( $multi, $handle );
			$handles[] = $handle;
		}
		do {
			$status = curl_multi_exec( $multi, $running );
			if ( $running > 0 ) {
				curl_multi_select( $multi, 1.0 );
			}
		} while ( $running > 0 && CURLM_OK === $status );
		$bodies = array();
		foreach ( $handles as $handle ) {
			$this->assertSame( 200, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) );
			$bodies[] = (string) curl_multi_getcontent( $handle );
			curl_multi_remove_handle( $multi, $handle );
		}
		curl_multi_close( $multi );
		// One request computed the answer; the others waited for it (or came after it was stored).
		$this->assertSame( 1, $this->boots() );
		$this->assertCount( 1, array_unique( $bodies ) );
	}
}
