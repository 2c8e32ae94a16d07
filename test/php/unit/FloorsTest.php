<?php
/**
 * The floors of plugin/src (docs/architecture.md, "Floors under plugin/src"): no class imports from
 * a floor above its own, but for the allow-list below, which only shrinks, and no folders import
 * each other in a cycle.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class FloorsTest extends TestCase {

	/**
	 * Upward imports still there, file => the class it imports, each with why (the debts the
	 * document names). An entry that is gone fails the test, so it is removed with its debt.
	 */
	private const ALLOWED = array(
		// An entry point, not a class: advanced-cache.php requires it before WordPress loads, and like
		// svc.php it registers the plugin's autoloader (the root's) for the classes it runs.
		'EarlyCache/entry.php -> Autoloader' => 'Autoloader::register',
	);

	private static function src(): string {
		return dirname( __DIR__, 3 ) . '/plugin/src';
	}

	/**
	 * Folder => floor, from the document's table.
	 *
	 * @return array<string, int>
	 */
	public static function floors( string $doc ): array {
		$start = strpos( $doc, '### Floors under `plugin/src`' );
		self::assertNotFalse( $start, 'docs/architecture.md has no "Floors under plugin/src" section' );
		$section = substr( $doc, $start, (int) strpos( $doc, "\n### ", $start + 1 ) - $start );
		$floors  = array();
		preg_match_all( '/^\| (\d+) \| ([^|]+) \|/m', $section, $rows, PREG_SET_ORDER );
		foreach ( $rows as $row ) {
			preg_match_all( '/`([^`]+)`/', $row[2], $folders );
			foreach ( $folders[1] as $folder ) {
				$floors[ $folder ] = (int) $row[1];
			}
		}
		return $floors;
	}

	/**
	 * What one file imports from other folders: `use Svc\…;` lines and `\Svc\…` names written in
	 * full, as `Folder\Class` (a class of the root as `Class`).
	 *
	 * @return list<string>
	 */
	public static function imports( string $code ): array {
		preg_match_all( '/^use\s+Svc\\\\([A-Za-z\\\\]+)\s*;/m', $code, $uses );
		preg_match_all( '/(?<![A-Za-z0-9_\\\\\'"])\\\\Svc\\\\([A-Za-z\\\\]+)/', $code, $names );
		return array_values( array_unique( array_merge( $uses[1], $names[1] ) ) );
	}

	public static function folder_of( string $name ): string {
		return str_contains( $name, '\\' ) ? strstr( $name, '\\', true ) : '(root)';
	}

	/**
	 * Every import of plugin/src across folders: [file, its folder, the name, the name's folder].
	 *
	 * @return list<array{0: string, 1: string, 2: string, 3: string}>
	 */
	private static function edges(): array {
		$edges = array();
		$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( self::src(), FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( 'php' !== $file->getExtension() ) {
				continue;
			}
			$relative = substr( $file->getPathname(), strlen( self::src() ) + 1 );
			$folder   = self::folder_of( str_replace( '/', '\\', $relative ) );
			foreach ( self::imports( (string) file_get_contents( $file->getPathname() ) ) as $name ) {
				$edges[] = array( $relative, $folder, $name, self::folder_of( $name ) );
			}
		}
		return $edges;
	}

	public function test_no_import_runs_upward_but_the_allowed(): void {
		$floors = self::floors( (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/architecture.md' ) );
		$found  = array();
		foreach ( self::edges() as list( $relative, $folder, $name, $target ) ) {
			$this->assertArrayHasKey( $folder, $floors, sprintf( 'plugin/src/%s stands on no floor of docs/architecture.md', $folder ) );
			$this->assertArrayHasKey( $target, $floors, sprintf( '%s imports %s, of a folder on no floor', $relative, $name ) );
			if ( $floors[ $target ] > $floors[ $folder ] ) {
				$found[] = $relative . ' -> ' . $name;
			}
		}
		sort( $found );
		$allowed = array_keys( self::ALLOWED );
		sort( $allowed );
		$this->assertSame( array(), array_values( array_diff( $found, $allowed ) ), 'imports that run upward (docs/architecture.md, "Floors under plugin/src")' );
		$this->assertSame( array(), array_values( array_diff( $allowed, $found ) ), 'allowed upward imports that are gone: take them off FloorsTest::ALLOWED' );
	}

	/**
	 * Folders on one floor may import each other, but not in a circle: each folder can still be
	 * read with only what it imports. The allowed upward imports are left out (each is a debt).
	 */
	public function test_no_folders_import_each_other_in_a_cycle(): void {
		$graph = array();
		foreach ( self::edges() as list( $relative, $folder, $name, $target ) ) {
			if ( $folder !== $target && ! isset( self::ALLOWED[ $relative . ' -> ' . $name ] ) ) {
				$graph[ $folder ][ $target ] = true;
			}
		}
		$this->assertSame( array(), self::cycle( $graph ) );
	}

	public function test_the_cycle_finder_finds_one(): void {
		$this->assertSame(
			array(),
			self::cycle(
				array(
					'A' => array( 'B' => true ),
					'B' => array( 'C' => true ),
				)
			)
		);
		$this->assertSame(
			array( 'A', 'B', 'C', 'A' ),
			self::cycle(
				array(
					'A' => array( 'B' => true ),
					'B' => array( 'C' => true ),
					'C' => array( 'A' => true ),
				)
			)
		);
	}

	/**
	 * One cycle of the graph as the path around it, or an empty list when it has none.
	 *
	 * @param array<string, array<string, true>> $graph Folder => the folders it imports.
	 * @return list<string>
	 */
	private static function cycle( array $graph ): array {
		$state = array();
		$path  = array();
		$visit = static function ( string $node ) use ( &$visit, &$state, &$path, $graph ): array {
			$state[ $node ] = 'open';
			$path[]         = $node;
			foreach ( array_keys( $graph[ $node ] ?? array() ) as $next ) {
				if ( 'open' === ( $state[ $next ] ?? null ) ) {
					return array_merge( array_slice( $path, (int) array_search( $next, $path, true ) ), array( $next ) );
				}
				if ( ! isset( $state[ $next ] ) ) {
					$found = $visit( (string) $next );
					if ( array() !== $found ) {
						return $found;
					}
				}
			}
			array_pop( $path );
			$state[ $node ] = 'done';
			return array();
		};
		foreach ( array_keys( $graph ) as $node ) {
			if ( ! isset( $state[ $node ] ) ) {
				$found = $visit( (string) $node );
				if ( array() !== $found ) {
					return $found;
				}
			}
		}
		return array();
	}

	public function test_the_reader_finds_uses_and_full_names_but_not_strings(): void {
		$code = "<?php\nnamespace Svc\\Runtime;\nuse Svc\\Rest\\Management;\nuse Svc\\Components;\nuse WP_Error;\n"
			. "\$a = \\Svc\\Events\\Emit::event();\n\$b = 'Svc\\\\Api\\\\Attribute\\\\Args';\n";
		$this->assertSame( array( 'Rest\\Management', 'Components', 'Events\\Emit' ), self::imports( $code ) );
		$this->assertSame( 'Rest', self::folder_of( 'Rest\\Management' ) );
		$this->assertSame( '(root)', self::folder_of( 'Components' ) );
	}

	public function test_the_floors_are_read_from_the_document(): void {
		$doc    = "### Floors under `plugin/src`\n\n| Floor | Folders | What |\n|---|---|---|\n| 1 | `Routing`, `Events` | x |\n| 2 | `Rest` | y |\n\n### Next\n| 3 | `Cli` | z |\n";
		$floors = self::floors( $doc );
		$this->assertSame(
			array(
				'Routing' => 1,
				'Events'  => 1,
				'Rest'    => 2,
			),
			$floors
		);
	}
}
