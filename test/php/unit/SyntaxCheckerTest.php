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

	public function test_a_batch_larger_than_the_childs_opcache_memory_is_still_checked_to_its_last_file(): void {
		// 40 classes of 300 methods: well over the 8 MB of compiled code the child gives opcache.
		$sources = array();
		for ( $file = 0; $file < 40; $file++ ) {
			$methods = '';
			for ( $method = 0; $method < 300; $method++ ) {
				$methods .= "\tpublic function m{$method}( array \$a ): array { \$x = array(); foreach ( \$a as \$k => \$v ) { \$x[ \$k . '_{$file}_{$method}' ] = strtoupper( (string) \$v ); } return \$x; }\n";
			}
			$sources[ "big-{$file}.php" ] = "<?php\nfinal class SvcBig{$file} {\n{$methods}}\n";
		}
		$sources['last.php'] = "<?php\nfunction svc_last( {\n";
		$errors = ( new SyntaxChecker() )->check( $sources );
		$this->assertSame( array( 'last.php' ), array_keys( (array) $errors ) );
	}
}
