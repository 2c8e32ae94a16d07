<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\DropInSource;
use Svc\EarlyCache\EntryPoint;
use Svc\EarlyCache\SentHeaders;

final class EarlyCacheDropInTest extends TestCase {

	protected function setUp(): void {
		// Each test runs the drop-in with PHP_BINARY, which PHP built for WebAssembly cannot start.
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
	}

	/** @return array<string, array{string}> */
	public function paths(): array {
		return array(
			'plain'            => array( '/var/www/wp-content/plugins/svc/src/EarlyCache/entry.php' ),
			'quote and dollar' => array( "/srv/o'brien/\$HOME/{\${x}}/entry.php" ),
			'backslash at end' => array( 'C:\\sites\\' ),
			'closing tag'      => array( '/srv/?>/<?php echo 1; ?>/entry.php' ),
		);
	}

	/** @dataProvider paths */
	public function test_the_drop_in_is_recognised_as_svc_s_and_requires_exactly_its_entry_script( string $path ): void {
		$source = DropInSource::render( $path );
		$this->assertTrue( EntryPoint::is_ours( $source ) );
		$file = tempnam( sys_get_temp_dir(), 'svc-dropin' );
		$this->assertIsString( $file );
		try {
			file_put_contents( $file, $source );
			exec( escapeshellarg( PHP_BINARY ) . ' -l ' . escapeshellarg( $file ) . ' 2>&1', $output, $status );
			$this->assertSame( 0, $status, implode( "\n", $output ) );
			// Run it without the entry script present: it must do nothing, not fail.
			$runner = escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( 'define( "ABSPATH", "/" ); include $argv[1]; echo "loaded:", isset( $svc_early_entry ) ? "leaked" : "clean";' ) . ' ' . escapeshellarg( $file ) . ' 2>&1';
			$this->assertSame( 'loaded:clean', (string) shell_exec( $runner ) );
		} finally {
			unlink( $file );
		}
		$this->assertStringContainsString( var_export( $path, true ), $source );
	}

	public function test_the_drop_in_runs_its_entry_script(): void {
		$dir    = sys_get_temp_dir() . '/svc-dropin-' . bin2hex( random_bytes( 4 ) );
		$script = $dir . "/it's here.php";
		mkdir( $dir );
		try {
			file_put_contents( $script, '<?php echo "entry ran";' );
			file_put_contents( $dir . '/advanced-cache.php', DropInSource::render( $script ) );
			$runner = escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( 'define( "ABSPATH", "/" ); include $argv[1];' ) . ' ' . escapeshellarg( $dir . '/advanced-cache.php' ) . ' 2>&1';
			$this->assertSame( 'entry ran', (string) shell_exec( $runner ) );
		} finally {
			exec( 'rm -rf ' . escapeshellarg( $dir ) );
		}
	}

	public function test_sent_headers_are_split_into_names_and_values_in_order(): void {
		$this->assertSame(
			array(
				'Content-Type' => array( 'application/json; charset=UTF-8' ),
				'Link'         => array( '<https://x/wp-json/>; rel="https://api.w.org/"', '<b>; rel="next"' ),
				'X-Empty'      => array( '' ),
				'ETag'         => array( '"a:b"' ),
			),
			SentHeaders::parse(
				array(
					'Content-Type: application/json; charset=UTF-8',
					'Link: <https://x/wp-json/>; rel="https://api.w.org/"',
					'not a header',
					': no name',
					'X-Empty:',
					'Link: <b>; rel="next"',
					'ETag: "a:b"',
				)
			)
		);
	}
}
