<?php
/**
 * The push-time syntax check, with the machine's real PHP command line as its child.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Validation\SyntaxChecker;

final class SyntaxCheckerTest extends TestCase {

	protected function setUp(): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
	}

	public function test_each_files_parse_and_compile_errors_come_back_under_its_label(): void {
		$errors = ( new SyntaxChecker() )->check(
			array(
				'good.php'      => "<?php\nfunction svc_good() { return 1; }\n",
				'unclosed.php'  => "<?php\nfunction svc_bad( {\n",
				'redeclare.php' => "<?php\nfunction svc_twice() {}\nfunction svc_twice() {}\n",
			)
		);
		$this->assertIsArray( $errors );
		$this->assertSame( array( 'unclosed.php', 'redeclare.php' ), array_keys( $errors ) );
		$this->assertStringContainsString( 'Parse error', $errors['unclosed.php'] );
		$this->assertStringContainsString( 'unclosed.php', $errors['unclosed.php'] );
		$this->assertStringContainsString( 'Cannot redeclare', $errors['redeclare.php'] );
	}

	public function test_a_checker_finds_its_php_once_and_keeps_using_it(): void {
		$checker = new SyntaxChecker();
		$this->assertSame( array(), $checker->check( array( 'a.php' => "<?php\necho 1;\n" ) ) );
		$this->assertSame( array( 'b.php' ), array_keys( (array) $checker->check( array( 'b.php' => "<?php\necho (;\n" ) ) ) );
		$this->assertSame( ( new SyntaxChecker() )->binary(), $checker->binary() );
	}
}
