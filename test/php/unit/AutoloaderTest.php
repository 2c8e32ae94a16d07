<?php
/**
 * The plugin's PSR-4 loader: svc's own prefix is complete (every class it has has its file), so it
 * includes without a stat first; a prefix of the site's code (SvcLib\) is looked for on disk. A name
 * without a file stays undefined either way, with nothing reported.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Autoloader;

final class AutoloaderTest extends TestCase {

	private string $dir;

	protected function setUp(): void {
		$this->dir = sys_get_temp_dir() . '/svc-autoloader-' . bin2hex( random_bytes( 4 ) );
		mkdir( $this->dir . '/Sub', 0777, true );
	}

	protected function tearDown(): void {
		foreach ( array_merge( (array) glob( $this->dir . '/Sub/*' ), (array) glob( $this->dir . '/*.php' ) ) as $file ) {
			unlink( (string) $file );
		}
		rmdir( $this->dir . '/Sub' );
		rmdir( $this->dir );
	}

	/**
	 * @return array<string, array{bool}>
	 */
	public static function kinds(): array {
		return array(
			'complete (svc)'      => array( true ),
			'looked for (SvcLib)' => array( false ),
		);
	}

	/**
	 * @dataProvider kinds
	 */
	public function test_a_class_loads_from_its_file_and_a_name_without_one_stays_undefined( bool $complete ): void {
		$prefix = 'AutoloadProbe' . bin2hex( random_bytes( 4 ) ) . '\\';
		file_put_contents( $this->dir . '/Sub/Found.php', '<?php namespace ' . rtrim( $prefix, '\\' ) . '\\Sub; final class Found {}' );
		Autoloader::register( $prefix, $this->dir, $complete );
		$errors = array();
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler -- records what a site's handler would be told.
		set_error_handler(
			static function ( int $level, string $message ) use ( &$errors ): bool {
				if ( 0 !== ( error_reporting() & $level ) ) { // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting,WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_error_reporting -- reads it: @ lowers it.
					$errors[] = $message;
				}
				return true;
			}
		);
		try {
			$this->assertTrue( class_exists( $prefix . 'Sub\\Found' ) );
			$this->assertFalse( class_exists( $prefix . 'Sub\\Missing' ) );
			$this->assertFalse( class_exists( $prefix . 'Nowhere\\Missing' ) );
			// A dot would leave the directory: not even looked for.
			$this->assertFalse( class_exists( $prefix . '..\\Sub\\Found' ) );
		} finally {
			restore_error_handler();
		}
		$this->assertSame( array(), $errors );
	}
}
