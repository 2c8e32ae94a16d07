<?php
/**
 * plugin/hot-path.php, the classes a served route loads in one file: what scripts/build-hot-path.php
 * writes from plugin/src (so an edit of one of them without a rebuild fails here), included only
 * while none of its classes is declared (else each loads from its own file, as without it).
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 3 ) . '/scripts/build-hot-path.php';

final class HotPathTest extends TestCase {

	private const PLUGIN = __DIR__ . '/../../../plugin';

	public function test_the_committed_bundle_is_what_the_script_writes_from_the_sources(): void {
		$this->assertSame(
			svc_hot_path_source( self::PLUGIN . '/src', Svc\Plugin::HOT_PATH ),
			(string) file_get_contents( self::PLUGIN . '/hot-path.php' ),
			'plugin/hot-path.php is out of date: run `php scripts/build-hot-path.php`'
		);
	}

	public function test_a_file_laid_out_otherwise_is_refused_rather_than_bundled_wrong(): void {
		$dir = sys_get_temp_dir() . '/svc-hot-path-' . bin2hex( random_bytes( 4 ) );
		mkdir( $dir );
		// Two classes in one file: the bundle would wrap the first only.
		file_put_contents( $dir . '/Two.php', "<?php\ndeclare(strict_types=1);\nnamespace Svc;\nfinal class Other {}\nfinal class Two {}\n" );
		try {
			$this->expectException( RuntimeException::class );
			svc_hot_path_source( $dir, array( 'Svc\\Two' ) );
		} finally {
			unlink( $dir . '/Two.php' );
			rmdir( $dir );
		}
	}

	public function test_requested_directly_it_stops_before_linking_a_class(): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
		// No autoloader gives RouteLoader's interface there: without the ABSPATH check, a fatal error.
		exec( escapeshellarg( PHP_BINARY ) . ' -d display_errors=1 ' . escapeshellarg( self::PLUGIN . '/hot-path.php' ) . ' 2>&1', $output, $status );
		$this->assertSame( array( array(), 0 ), array( $output, $status ) );
	}

	/**
	 * @return array<string, array{list<string>, bool}>
	 */
	public static function loaded_first(): array {
		return array(
			'nothing: every class from the bundle' => array( array(), true ),
			'two from their own files: no bundle' => array( array( 'Svc\\Routing\\Slug', 'Svc\\Manifest\\ManifestStore' ), false ),
		);
	}

	/**
	 * @dataProvider loaded_first
	 * @param list<string> $first Loaded from their own files first, as WP-CLI, a test or another hook may.
	 */
	public function test_each_class_is_declared_once_from_the_bundle_or_else_from_its_own_file( array $first, bool $bundled ): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
		$plugin = (string) realpath( self::PLUGIN );
		$script = tempnam( sys_get_temp_dir(), 'svc' );
		file_put_contents(
			$script,
			'<?php declare(strict_types=1);
			define( "ABSPATH", "/" );
			require ' . var_export( $plugin . '/src/Autoloader.php', true ) . ';
			\Svc\Autoloader::register( "Svc\\\\", ' . var_export( $plugin . '/src', true ) . ', true );
			foreach ( ' . var_export( $first, true ) . ' as $name ) {
				class_exists( $name );
			}
			$included = array(
				\Svc\Plugin::include_hot_path( ' . var_export( $plugin . '/hot-path.php', true ) . ' ),
				// Asked again (a second rest_api_init in one process): every class is there.
				\Svc\Plugin::include_hot_path( ' . var_export( $plugin . '/hot-path.php', true ) . ' ),
			);
			$from = array();
			foreach ( \Svc\Plugin::HOT_PATH as $name ) {
				$from[ $name ] = class_exists( $name ) ? basename( (string) ( new ReflectionClass( $name ) )->getFileName() ) : null;
			}
			echo json_encode( array( $included, $from ) );'
		);
		exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $script ) . ' 2>&1', $output, $status );
		unlink( $script );
		$this->assertSame( 0, $status, implode( "\n", $output ) );
		$result = json_decode( implode( '', $output ), true );
		$this->assertIsArray( $result, implode( "\n", $output ) );
		list( $included, $from ) = $result;
		$this->assertSame( array( $bundled, false ), $included );
		$expected = array();
		foreach ( Svc\Plugin::HOT_PATH as $name ) {
			$expected[ $name ] = $bundled ? 'hot-path.php' : substr( $name, (int) strrpos( $name, '\\' ) + 1 ) . '.php';
		}
		$this->assertSame( $expected, $from );
	}
}
