<?php
/**
 * The floors of plugin/src (docs/architecture.md, "Floors under plugin/src"): no class imports from
 * a floor above its own, but for the allow-list below, which only shrinks.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class FloorsTest extends TestCase {

	/**
	 * Upward imports still there, file => the class it imports, each with why (the debts the
	 * document names). An entry that is gone fails the test, so it is removed with its debt.
	 */
	private const ALLOWED = array(
		// The push reasons and the schema rules, read by the scanner; they belong on floor 2.
		'Scanning/TokenScanner.php -> Validation\\Reasons' => 'Reasons not moved down yet',
		'Scanning/ContractReader.php -> Contracts\\SchemaRules' => 'SchemaRules not moved down yet',
		// Skips svc's own autoloader among the registered ones.
		'Validation/ClassNames.php -> Runtime\\RouteClassAutoloader' => 'instanceof on the autoloader',
		// Registrar is another branch's this session: it can read RouteNamespace::RESERVED instead.
		'Runtime/Registrar.php -> Rest\\Management'        => 'Management::NAMESPACE',
		// A preview's listing and a scheduled run build the objects of another tree.
		'Rest/FilesController.php -> Components'           => 'a preview tree\'s objects',
		'Schedules/Runner.php -> Components'               => 'the active tree\'s objects',
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

	public function test_no_import_runs_upward_but_the_allowed(): void {
		$floors = self::floors( (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/architecture.md' ) );
		$found  = array();
		$files  = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( self::src(), FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( 'php' !== $file->getExtension() ) {
				continue;
			}
			$relative = substr( $file->getPathname(), strlen( self::src() ) + 1 );
			$folder   = self::folder_of( str_replace( '/', '\\', $relative ) );
			$this->assertArrayHasKey( $folder, $floors, sprintf( 'plugin/src/%s stands on no floor of docs/architecture.md', $folder ) );
			foreach ( self::imports( (string) file_get_contents( $file->getPathname() ) ) as $name ) {
				$target = self::folder_of( $name );
				$this->assertArrayHasKey( $target, $floors, sprintf( '%s imports %s, of a folder on no floor', $relative, $name ) );
				if ( $floors[ $target ] > $floors[ $folder ] ) {
					$found[] = $relative . ' -> ' . $name;
				}
			}
		}
		sort( $found );
		$allowed = array_keys( self::ALLOWED );
		sort( $allowed );
		$this->assertSame( array(), array_values( array_diff( $found, $allowed ) ), 'imports that run upward (docs/architecture.md, "Floors under plugin/src")' );
		$this->assertSame( array(), array_values( array_diff( $allowed, $found ) ), 'allowed upward imports that are gone: take them off FloorsTest::ALLOWED' );
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
