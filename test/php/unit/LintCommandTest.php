<?php
/**
 * The syntax check's child command and when its answer is trusted, without running it.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Validation\LintCommand;

final class LintCommandTest extends TestCase {

	public function test_the_batch_starts_without_php_ini_with_opcache_alone_and_the_sites_short_open_tag(): void {
		$command = LintCommand::batch( '/usr/bin/php', '/p/bin/lint.php', array( '/t/0.php', '/t/1.php' ), false );
		$this->assertSame( array( '/usr/bin/php', '-n', '-d', 'zend_extension=opcache', '-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=0', '-d', 'opcache.file_cache=', '-d', 'opcache.memory_consumption=8', '-d', 'opcache.interned_strings_buffer=0', '-d', 'short_open_tag=0', '/p/bin/lint.php', '/t/0.php', '/t/1.php' ), $command );
		$this->assertContains( 'short_open_tag=1', LintCommand::batch( 'php', 'lint.php', array(), true ) );
	}

	public function test_an_answer_counts_only_with_a_line_for_every_file(): void {
		$this->assertTrue( LintCommand::answered( array( 'OK 0', 'ERR 1 Parse error: syntax error in x on line 2', 'OK 2' ), 3 ) );
		$this->assertTrue( LintCommand::answered( array(), 0 ) );
		$this->assertFalse( LintCommand::answered( null, 1 ) );
		$this->assertFalse( LintCommand::answered( array( 'NOOPCACHE' ), 1 ) );
		// What a child that could not load opcache prints before lint.php's own answer.
		$this->assertFalse( LintCommand::answered( array( 'Failed loading Zend extension \'opcache\'', 'NOOPCACHE' ), 2 ) );
		$this->assertFalse( LintCommand::answered( array( 'OK 0', 'OK 2' ), 3 ) );
		$this->assertFalse( LintCommand::answered( array( 'OK 0', 'OK 1x', 'ERR 2' ), 3 ) );
	}

	public function test_the_script_ran_only_when_it_said_so_whatever_it_answered_next(): void {
		$this->assertTrue( LintCommand::ran( array( 'LINT', 'OK 0' ) ) );
		$this->assertTrue( LintCommand::ran( array( 'Failed loading Zend extension \'opcache\'', 'LINT', 'NOOPCACHE' ) ) );
		// A fatal compile error in the first file ends the script before any answer.
		$this->assertTrue( LintCommand::ran( array( 'LINT', 'PHP Fatal error:  Cannot redeclare f() in /t/0.php on line 1' ) ) );
		$this->assertFalse( LintCommand::ran( null ) );
		$this->assertFalse( LintCommand::ran( array() ) );
		// A CGI binary, or something else named php: it never ran the script as a command line.
		$this->assertFalse( LintCommand::ran( array( 'Content-type: text/html; charset=UTF-8', 'No input file specified.' ) ) );
		$this->assertFalse( LintCommand::ran( array( 'LINTING', 'OK 0' ) ) );
	}
}
