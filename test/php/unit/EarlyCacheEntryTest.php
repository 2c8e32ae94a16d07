<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\EntryPoint;
use Svc\EarlyCache\WpCacheConstant;

final class EarlyCacheEntryTest extends TestCase {

	/** @return array<string, array{bool, string|null, bool, string, string, bool}> */
	public function situations(): array {
		$ours    = "<?php\n/**\n * " . EntryPoint::MARKER . " (do not edit)\n */\n";
		$foreign = "<?php\n# WP Super Cache advanced-cache.php\n";
		return array(
			'WP_CACHE on, no drop-in'          => array( true, null, false, EntryPoint::DROPIN, EntryPoint::INSTALL, true ),
			'WP_CACHE on, ours'                => array( true, $ours, false, EntryPoint::DROPIN, EntryPoint::ACTIVE, false ),
			'WP_CACHE on, another plugin\'s'   => array( true, $foreign, false, EntryPoint::PLUGIN, EntryPoint::FOREIGN_DROPIN, false ),
			'WP_CACHE off, no drop-in'         => array( false, null, false, EntryPoint::PLUGIN, EntryPoint::WP_CACHE_OFF, false ),
			'WP_CACHE off, ours'               => array( false, $ours, false, EntryPoint::PLUGIN, EntryPoint::WP_CACHE_OFF, false ),
			'WP_CACHE off, another plugin\'s'  => array( false, $foreign, false, EntryPoint::PLUGIN, EntryPoint::FOREIGN_DROPIN, false ),
			'drop-ins filtered off'            => array( true, $ours, true, EntryPoint::PLUGIN, EntryPoint::DISABLED, false ),
			'an empty file is not ours'        => array( true, '', false, EntryPoint::PLUGIN, EntryPoint::FOREIGN_DROPIN, false ),
			'marker past the head is not ours' => array( true, str_repeat( ' ', EntryPoint::HEAD_BYTES ) . EntryPoint::MARKER, false, EntryPoint::PLUGIN, EntryPoint::FOREIGN_DROPIN, false ),
		);
	}

	/** @dataProvider situations */
	public function test_the_drop_in_is_used_only_where_it_is_svc_s_and_loaded( bool $wp_cache, ?string $head, bool $filtered, string $entry, string $reason, bool $install ): void {
		$this->assertSame(
			array(
				'entry'   => $entry,
				'reason'  => $reason,
				'install' => $install,
			),
			EntryPoint::decide( $wp_cache, $head, $filtered )
		);
	}

	/** @return array<string, array{string, string|null}> */
	public function configs(): array {
		$added = "define( 'WP_CACHE', true ); " . WpCacheConstant::COMMENT;
		return array(
			'no define'                => array( "<?php\n\$table_prefix = 'wp_';\n", "<?php\n{$added}\n\$table_prefix = 'wp_';\n" ),
			'false becomes true'       => array( "<?php\ndefine('WP_CACHE', false);\n", "<?php\n{$added}\n" ),
			'FALSE with double quotes' => array( "<?php\ndefine( \"WP_CACHE\" , FALSE ) ;\nx();\n", "<?php\n{$added}\nx();\n" ),
			'already true'             => array( "<?php\ndefine( 'WP_CACHE', true );\n", "<?php\ndefine( 'WP_CACHE', true );\n" ),
			'set by an expression'     => array( "<?php\ndefine( 'WP_CACHE', getenv( 'C' ) );\n", null ),
			'defined twice'            => array( "<?php\ndefine( 'WP_CACHE', false );\ndefine( 'WP_CACHE', false );\n", null ),
			'named another way'        => array( "<?php\n\$c = 'WP_CACHE'; define( \$c, false );\n", null ),
			'not a PHP file'           => array( "define( 'WP_CACHE', false );", null ),
			'a define in a comment'    => array( "<?php\n// define( 'WP_CACHE', true );\n/* define('WP_CACHE', false); */\nx();\n", "<?php\n{$added}\n// define( 'WP_CACHE', true );\n/* define('WP_CACHE', false); */\nx();\n" ),
			'false beside a comment'   => array( "<?php\n# define( 'WP_CACHE', true );\ndefine( 'WP_CACHE', false ); // off\n", "<?php\n# define( 'WP_CACHE', true );\n{$added} // off\n" ),
			'after declare()'          => array( "<?php\ndeclare(strict_types=1);\nx();\n", "<?php\ndeclare(strict_types=1);\n{$added}\nx();\n" ),
			'a constant named longer'  => array( "<?php\ndefine( 'WP_CACHE_KEY_SALT', 'a' );\n", "<?php\n{$added}\ndefine( 'WP_CACHE_KEY_SALT', 'a' );\n" ),
			'read as a constant'       => array( "<?php\nif ( WP_CACHE ) { x(); }\n", null ),
			'defined in a condition'   => array( "<?php\nif ( ! defined( 'WP_CACHE' ) ) define( 'WP_CACHE', false );\n", null ),
		);
	}

	/** @dataProvider configs */
	public function test_wp_cache_is_turned_on_only_by_an_edit_that_cannot_be_wrong( string $config, ?string $expected ): void {
		$this->assertSame( $expected, WpCacheConstant::enabled( $config ) );
	}
}
