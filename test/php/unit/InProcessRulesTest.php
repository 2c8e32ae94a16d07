<?php
/**
 * When a push request compiles its files itself, and what opcache's answer means.
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Validation\InProcessRules;

final class InProcessRulesTest extends TestCase {

	private const ON = array(
		'opcache.enable'                 => '1',
		'opcache.enable_cli'             => '0',
		'opcache.file_update_protection' => '2',
		'opcache.restrict_api'           => '',
	);

	public function test_a_web_request_with_opcache_on_compiles_here(): void {
		$this->assertTrue( InProcessRules::usable( 'fpm-fcgi', true, self::ON ) );
		$this->assertTrue( InProcessRules::usable( 'apache2handler', true, array( 'opcache.enable' => 'On' ) + self::ON ) );
	}

	public function test_the_command_line_follows_enable_cli(): void {
		$this->assertFalse( InProcessRules::usable( 'cli', true, self::ON ) );
		$this->assertTrue( InProcessRules::usable( 'cli', true, array( 'opcache.enable_cli' => '1' ) + self::ON ) );
	}

	public function test_without_opcache_or_its_function_the_child_checks(): void {
		$this->assertFalse( InProcessRules::usable( 'fpm-fcgi', false, self::ON ) );
		$this->assertFalse( InProcessRules::usable( 'fpm-fcgi', true, array( 'opcache.enable' => '0' ) + self::ON ) );
		$this->assertFalse( InProcessRules::usable( 'fpm-fcgi', true, array( 'opcache.enable' => false ) + self::ON ) );
	}

	public function test_without_update_protection_a_checked_copy_would_stay_in_shared_memory(): void {
		$this->assertFalse( InProcessRules::usable( 'fpm-fcgi', true, array( 'opcache.file_update_protection' => '0' ) + self::ON ) );
		$this->assertFalse( InProcessRules::usable( 'fpm-fcgi', true, array( 'opcache.file_update_protection' => false ) + self::ON ) );
	}

	public function test_a_restricted_api_leaves_it_to_the_child(): void {
		$this->assertFalse( InProcessRules::usable( 'fpm-fcgi', true, array( 'opcache.restrict_api' => '/var/www/private' ) + self::ON ) );
	}

	public function test_a_compiled_file_is_ok(): void {
		$this->assertSame( 'ok', InProcessRules::outcome( true, null, null )['verdict'] );
	}

	public function test_a_parse_error_is_told_in_phps_words(): void {
		$error = new ParseError( 'syntax error, unexpected token "{"' );
		// Where PHP's parser would have put them.
		foreach ( array(
			'line' => 3,
			'file' => '/tmp/svc-lint-x/0.php',
		) as $name => $value ) {
			$property = new ReflectionProperty( Error::class, $name );
			$property->setValue( $error, $value );
		}
		$this->assertSame(
			array(
				'verdict' => 'error',
				'message' => 'PHP Parse error: syntax error, unexpected token "{" in /tmp/svc-lint-x/0.php on line 3',
			),
			InProcessRules::outcome( null, $error, null )
		);
	}

	public function test_a_compile_error_is_the_last_error(): void {
		$last = array(
			'type'    => E_COMPILE_ERROR,
			'message' => 'Cannot redeclare Hello::get()',
			'file'    => '/tmp/svc-lint-x/0.php',
			'line'    => 5,
		);
		$this->assertSame(
			array(
				'verdict' => 'error',
				'message' => 'PHP Fatal error: Cannot redeclare Hello::get() in /tmp/svc-lint-x/0.php on line 5',
			),
			InProcessRules::outcome( false, null, $last )
		);
	}

	public function test_false_without_a_compile_error_means_opcache_could_not_compile_here(): void {
		$this->assertSame( 'unavailable', InProcessRules::outcome( false, null, null )['verdict'] );
		$notice = array(
			'type'    => E_NOTICE,
			'message' => 'Zend OPcache has not been properly started, can\'t compile file',
			'file'    => '/srv/plugin.php',
			'line'    => 1,
		);
		$this->assertSame( 'unavailable', InProcessRules::outcome( false, null, $notice )['verdict'] );
	}
}
