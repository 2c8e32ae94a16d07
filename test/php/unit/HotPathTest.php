<?php
/**
 * plugin/hot-path.php, the classes a served route loads in one file: what scripts/build-hot-path.php
 * writes from plugin/src (so an edit of one of them without a rebuild fails here), and safe to
 * include after the autoloader already loaded some of them from their own files.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 3 ) . '/scripts/build-hot-path.php';

final class HotPathTest extends TestCase {

	private const PLUGIN = __DIR__ . '/../../../plugin';

	public function test_the_committed_bundle_is_what_the_script_writes_from_the_sources(): void {
		$this->assertSame(
			svc_hot_path_source( self::PLUGIN . '/src', SVC_HOT_PATH_CLASSES ),
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

	public function test_every_class_is_declared_once_whether_or_not_its_own_file_loaded_first(): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
		$plugin = (string) realpath( self::PLUGIN );
		$script = tempnam( sys_get_temp_dir(), 'svc' );
		file_put_contents(
			$script,
			'<?php declare(strict_types=1);
			require ' . var_export( $plugin . '/src/Autoloader.php', true ) . ';
			\Svc\Autoloader::register( "Svc\\\\", ' . var_export( $plugin . '/src', true ) . ', true );
			// Loaded from their own files first, as WP-CLI or another hook may.
			class_exists( \Svc\Routing\Slug::class );
			class_exists( \Svc\Manifest\ManifestStore::class );
			require ' . var_export( $plugin . '/hot-path.php', true ) . ';
			require_once ' . var_export( dirname( __DIR__, 3 ) . '/scripts/build-hot-path.php', true ) . ';
			$from = array();
			foreach ( SVC_HOT_PATH_CLASSES as $name ) {
				$from[ $name ] = class_exists( $name, false ) ? basename( (string) ( new ReflectionClass( $name ) )->getFileName() ) : null;
			}
			echo json_encode( $from );'
		);
		exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $script ) . ' 2>&1', $output, $status );
		unlink( $script );
		$this->assertSame( 0, $status, implode( "\n", $output ) );
		$from = json_decode( implode( '', $output ), true );
		$this->assertIsArray( $from );
		$this->assertSame( 'Slug.php', $from['Svc\\Routing\\Slug'] );
		$this->assertSame( 'ManifestStore.php', $from['Svc\\Manifest\\ManifestStore'] );
		unset( $from['Svc\\Routing\\Slug'], $from['Svc\\Manifest\\ManifestStore'] );
		$this->assertSame( array_fill_keys( array_keys( $from ), 'hot-path.php' ), $from );
		$this->assertCount( count( SVC_HOT_PATH_CLASSES ) - 2, $from );
	}
}
