<?php
/**
 * The child `php` that compiles a batch of route files, and whether its answer can be trusted.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * A PHP command line that loads the system's php.ini loads every extension too (thirty-odd on a
 * Debian server): starting it costs the site 3 to 4 times what compiling a few route files does, on
 * every push. Compiling needs none of them but opcache, so the child starts without php.ini (`-n`,
 * as the `php -l` fallback always has) and loads opcache alone; the one ini setting that changes
 * what compiles, short_open_tag, is passed on from the site's PHP. A child that cannot load opcache
 * says so (`NOOPCACHE`) or prints something else: its answer counts only when it has a line for
 * every file, and otherwise each file is linted on its own.
 *
 * The child also asks for opcache's smallest shared memory and no interned-strings buffer: setting up
 * the default 128 MB and 8 MB cost it about 15 ms of the site's CPU, a third of its whole run for a
 * one-file push. Nothing is kept between runs, and a batch that outgrows the memory still compiles
 * (opcache then compiles without caching), so every file is still checked.
 */
final class LintCommand {

	/**
	 * @param list<string> $files
	 * @return list<string>
	 */
	public static function batch( string $binary, string $lint_script, array $files, bool $short_open_tag ): array {
		return array( $binary, '-n', '-d', 'zend_extension=opcache', '-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=0', '-d', 'opcache.file_cache=', '-d', 'opcache.memory_consumption=8', '-d', 'opcache.interned_strings_buffer=0', '-d', 'short_open_tag=' . ( $short_open_tag ? '1' : '0' ), $lint_script, ...$files );
	}

	/**
	 * Whether a PHP command line ran bin/lint.php, whatever it then answered: its first words are
	 * `LINT`. The checker tries each `php` it finds with the batch itself, so a push starts one
	 * child, not a probe first; a binary that is no PHP CLI (or a CGI one) never says it.
	 *
	 * @param list<string>|null $lines
	 */
	public static function ran( ?array $lines ): bool {
		return null !== $lines && in_array( 'LINT', $lines, true );
	}

	/**
	 * Whether the batch's output has an `OK <i>` or `ERR <i> …` line for each of $count files.
	 *
	 * @param list<string>|null $lines
	 */
	public static function answered( ?array $lines, int $count ): bool {
		if ( null === $lines ) {
			return false;
		}
		$seen = array();
		foreach ( $lines as $line ) {
			if ( 1 === preg_match( '/^(?:OK (\d+)$|ERR (\d+) )/', $line, $match ) ) {
				$seen[ (int) ( '' !== $match[1] ? $match[1] : $match[2] ) ] = true;
			}
		}
		for ( $index = 0; $index < $count; $index++ ) {
			if ( ! isset( $seen[ $index ] ) ) {
				return false;
			}
		}
		return true;
	}
}
