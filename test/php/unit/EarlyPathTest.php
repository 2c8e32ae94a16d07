<?php
/**
 * plugin/early-path.php, the early cache's classes for a cached route's request in one file: what
 * scripts/build-early-path.php writes from plugin/src, never declaring a class of the plugin's own
 * hot path, included only while none of its classes is declared.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\EarlyPath;

require_once dirname( __DIR__, 3 ) . '/scripts/build-early-path.php';

final class EarlyPathTest extends TestCase {

	private const PLUGIN = __DIR__ . '/../../../plugin';

	public function test_the_committed_bundle_is_what_the_script_writes_from_the_sources(): void {
		$this->assertSame(
			svc_hot_path_source( self::PLUGIN . '/src', EarlyPath::CLASSES, SVC_EARLY_PATH_SCRIPT ),
			(string) file_get_contents( self::PLUGIN . '/early-path.php' ),
			'plugin/early-path.php is out of date: run `php scripts/build-early-path.php`'
		);
	}

	public function test_no_class_is_in_both_bundles(): void {
		// Either bundle is skipped whole once one of its classes is declared: the other would have declared it.
		$this->assertSame( array(), array_values( array_intersect( EarlyPath::CLASSES, Svc\Plugin::HOT_PATH ) ) );
	}

	public function test_the_entry_script_includes_it_once_the_route_is_known_to_be_cached(): void {
		$entry = (string) file_get_contents( self::PLUGIN . '/src/EarlyCache/entry.php' );
		$found = strpos( $entry, "null === \$route['cache']" );
		$used  = strpos( $entry, 'EarlyPath::include(' );
		$this->assertNotFalse( $found );
		$this->assertNotFalse( $used );
		$this->assertGreaterThan( $found, $used, 'a page or an uncached route would pay for the bundle' );
		$this->assertLessThan( (int) strpos( $entry, 'StoreChoice::early()' ), $used );
	}

	/**
	 * @return array<string, array{list<string>, bool}>
	 */
	public static function loaded_first(): array {
		return array(
			'nothing: every class from the bundle'       => array( array(), true ),
			'one from its own file: no bundle'           => array( array( 'Svc\\EarlyCache\\Credentials' ), false ),
			'the interface from its own file: no bundle' => array( array( 'Svc\\EarlyCache\\AnswerStore' ), false ),
		);
	}

	/**
	 * @dataProvider loaded_first
	 * @param list<string> $first Loaded from their own files first.
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
			\Svc\Autoloader::register( "Svc\\\\EarlyCache\\\\", ' . var_export( $plugin . '/src/EarlyCache', true ) . ', true );
			foreach ( ' . var_export( $first, true ) . ' as $name ) {
				class_exists( $name ) || interface_exists( $name );
			}
			$included = array(
				\Svc\EarlyCache\EarlyPath::include( ' . var_export( $plugin . '/early-path.php', true ) . ' ),
				\Svc\EarlyCache\EarlyPath::include( ' . var_export( $plugin . '/early-path.php', true ) . ' ),
			);
			$from = array();
			foreach ( \Svc\EarlyCache\EarlyPath::CLASSES as $name ) {
				$from[ $name ] = class_exists( $name ) || interface_exists( $name ) ? basename( (string) ( new ReflectionClass( $name ) )->getFileName() ) : null;
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
		foreach ( EarlyPath::CLASSES as $name ) {
			$expected[ $name ] = $bundled ? 'early-path.php' : substr( $name, (int) strrpos( $name, '\\' ) + 1 ) . '.php';
		}
		$this->assertSame( $expected, $from );
	}
}
