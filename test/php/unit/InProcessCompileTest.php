<?php
/**
 * The syntax check compiling in the request itself: a PHP with opcache on for the command line, and
 * no way to start a child `php` (proc_open disabled), as test/php/support/check-here.php runs it.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class InProcessCompileTest extends TestCase {

	private const SOURCES = array(
		'good.php'       => "<?php\nfunction svc_here_helper( \$a = 1, \$b ) { return \$b; }\nfinal class SvcHereGood { public function get(): array { return array(); } }\n",
		'unclosed.php'   => "<?php\nfunction svc_here_bad( {\n",
		'redeclare.php'  => "<?php\nfinal class SvcHereTwice { public function get() {} public function get() {} }\n",
		'same-class.php' => "<?php\nfinal class SvcHereGood { }\n",
		'helper.php'     => "<?php\nfunction svc_here_helper() {}\n",
	);

	protected function setUp(): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
	}

	/**
	 * @param list<string> $ini
	 * @return array{errors: array<string, string>|null, kept: list<string>}
	 */
	private function check_with( array $ini ): array {
		$command = array( PHP_BINARY, ...$ini, '-d', 'disable_functions=proc_open', dirname( __DIR__ ) . '/support/check-here.php' );
		$process = proc_open( $command, array( array( 'pipe', 'r' ), array( 'pipe', 'w' ), array( 'pipe', 'w' ) ), $pipes );
		$this->assertIsResource( $process );
		fwrite( $pipes[0], (string) json_encode( self::SOURCES ) );
		fclose( $pipes[0] );
		$output = (string) stream_get_contents( $pipes[1] );
		$errors = (string) stream_get_contents( $pipes[2] );
		fclose( $pipes[1] );
		fclose( $pipes[2] );
		$this->assertSame( 0, proc_close( $process ), $output . $errors );
		$answer = json_decode( $output, true );
		$this->assertIsArray( $answer, 'nothing but the JSON answer is printed: ' . $output );
		return $answer;
	}

	/** @return list<string> */
	private function opcache_on(): array {
		$ini = array( '-d', 'opcache.enable_cli=1', '-d', 'opcache.file_update_protection=2' );
		exec( implode( ' ', array_map( 'escapeshellarg', array( PHP_BINARY, ...$ini, '-r', 'echo function_exists("opcache_compile_file") && ini_get("opcache.enable_cli") ? "on" : "off";' ) ) ), $probe );
		if ( array( 'on' ) !== $probe ) {
			$this->markTestSkipped( 'this PHP has no opcache to turn on' );
		}
		return $ini;
	}

	public function test_with_opcache_on_the_request_compiles_each_file_and_names_its_error(): void {
		$answer = $this->check_with( $this->opcache_on() );
		$errors = $answer['errors'];
		$this->assertIsArray( $errors, 'checked, with no child PHP to start' );
		$this->assertSame( array( 'unclosed.php', 'redeclare.php', 'helper.php' ), array_keys( $errors ) );
		$this->assertMatchesRegularExpression( '/^PHP Parse error: syntax error, .* in unclosed\.php on line 2$/', $errors['unclosed.php'] );
		$this->assertSame( 'PHP Fatal error: Cannot redeclare SvcHereTwice::get() in redeclare.php on line 2', $errors['redeclare.php'] );
		// A function another file of the batch declared is named with that file's name, not a copy's path.
		$this->assertMatchesRegularExpression( '/Cannot redeclare (function )?svc_here_helper\(\) \(previously declared in good\.php:2\)/', $errors['helper.php'] );
		// Classes are bound late: the same class name twice is the name checks' business, not a compile error.
		$this->assertArrayNotHasKey( 'same-class.php', $errors );
		$this->assertSame( array(), $answer['kept'], 'no checked copy stays in opcache' );
	}

	public function test_without_opcache_and_without_a_child_the_check_is_skipped(): void {
		$this->assertNull( $this->check_with( array( '-d', 'opcache.enable_cli=0' ) )['errors'] );
	}
}
