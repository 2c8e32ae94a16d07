<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

/**
 * Route files tested the way WordPress's own PHPUnit framework (WP_UnitTestCase, from wordpress-develop
 * or the wp-phpunit package; README, "Testing your routes") runs a test, in one PHP process:
 *
 * - each test runs in a database transaction rolled back afterwards, and `CREATE TABLE` is made
 *   `CREATE TEMPORARY TABLE` (which does not end the transaction);
 * - the REST server is rebuilt for each test (`$wp_rest_server = null`; `rest_api_init` fires again,
 *   svc builds a new loader while the route classes of earlier tests are still declared);
 * - requests are dispatched with rest_do_request(), as the administrator a factory made.
 *
 * The framework itself is not installable here (no wp-phpunit on this machine's Packagist copy and
 * none in Debian), so this test does what it does around each test, with the site's real svc plugin.
 */
final class WordPressTestFrameworkTest extends TestCase {

	/** @var list<string> Tables made temporary, dropped at the end (the framework keeps them per process). */
	private array $temporary = array();

	protected function setUp(): void {
		if ( ! function_exists( 'rest_do_request' ) ) {
			$this->markTestSkipped( 'needs WordPress: run through npm test (SVC_WP_DIR)' );
		}
	}

	/** @internal Filter for `query`, as the framework's _create_temporary_tables(). */
	public function temporary_tables( string $query ): string {
		if ( 1 === preg_match( '/^\s*CREATE TABLE (\S+)/i', $query, $match ) ) {
			$this->temporary[] = trim( $match[1], '`' );
			return (string) preg_replace( '/^\s*CREATE TABLE/i', 'CREATE TEMPORARY TABLE', $query );
		}
		return $query;
	}

	private function start_test(): int {
		global $wpdb;
		$wpdb->query( 'SET autocommit = 0' );
		$wpdb->query( 'START TRANSACTION' );
		add_filter( 'query', array( $this, 'temporary_tables' ) );
		// As on a fresh test database: svc's tables are made on first use, inside the transaction.
		delete_option( 'svc_db_version' );
		$GLOBALS['wp_rest_server'] = null;
		$admin                     = wp_insert_user(
			array(
				'user_login' => 'framework-admin-' . wp_generate_password( 6, false ),
				'user_pass'  => wp_generate_password(),
				'role'       => 'administrator',
			)
		);
		$this->assertIsInt( $admin );
		return $admin;
	}

	private function end_test(): void {
		global $wpdb;
		$wpdb->query( 'ROLLBACK' );
		remove_filter( 'query', array( $this, 'temporary_tables' ) );
		wp_cache_flush();
		wp_set_current_user( 0 );
		$GLOBALS['wp_rest_server'] = null;
	}

	private static function source( string $class_name, string $greeting ): string {
		return "<?php\ndeclare(strict_types=1);\n\nuse Svc\\Api\\Attribute\\Permission;\n\n#[Permission(public: true)]\nfinal class {$class_name} {\n\tpublic function get( WP_REST_Request \$request ): array {\n\t\treturn array( 'greeting' => '{$greeting}', 'name' => \$request['name'] );\n\t}\n}\n";
	}

	/** @return array{0: int, 1: mixed} */
	private static function call( string $method, string $route, array $body = array(), array $query = array() ): array {
		$request = new WP_REST_Request( $method, $route );
		$request->set_query_params( $query );
		// As the README's example pushes: body parameters, as a form post would give them.
		$request->set_body_params( $body );
		$response = rest_do_request( $request );
		return array( $response->get_status(), rest_get_server()->response_to_data( $response, false ) );
	}

	public function test_route_files_pushed_and_called_across_tests_as_the_framework_runs_them(): void {
		global $wpdb;
		$namespace = ( new Svc\Settings\RouteNamespace() )->get();
		try {
			// Each test pushes the project's route files in its set_up, as a suite would; the third one
			// has a file more.
			$files = array( 'framework/greeting' => self::source( 'FrameworkGreeting', 'hello' ) );
			foreach ( array( 0, 1, 2 ) as $round ) {
				if ( 2 === $round ) {
					$files['framework/farewell'] = self::source( 'FrameworkFarewell', 'goodbye' );
				}
				$admin = $this->start_test();
				wp_set_current_user( $admin );
				$pushed = array();
				foreach ( $files as $slug => $content ) {
					$pushed[] = array(
						'filename' => $slug,
						'content'  => $content,
					);
				}
				list( $status, $body ) = self::call( 'POST', '/svc/v1/api-files', array( 'files' => $pushed ) );
				$this->assertSame( 200, $status, "push in test {$round}: " . wp_json_encode( $body ) );
				wp_set_current_user( 0 );
				foreach ( array(
					'framework/greeting' => 'hello',
					'framework/farewell' => 'goodbye',
				) as $slug => $greeting ) {
					if ( ! isset( $files[ $slug ] ) ) {
						continue;
					}
					list( $status, $body ) = self::call( 'GET', '/' . $namespace . '/' . $slug, array(), array( 'name' => 'ada' ) );
					$this->assertSame( 200, $status, "{$slug} in test {$round}: " . wp_json_encode( $body ) );
					$this->assertSame(
						array(
							'greeting' => $greeting,
							'name'     => 'ada',
						),
						$body
					);
				}
				$this->end_test();
			}
		} finally {
			$this->end_test();
			foreach ( array_unique( $this->temporary ) as $table ) {
				$wpdb->query( "DROP TEMPORARY TABLE IF EXISTS `{$table}`" ); // phpcs:ignore WordPress.DB
			}
			$wpdb->query( 'SET autocommit = 1' );
		}
	}
}
