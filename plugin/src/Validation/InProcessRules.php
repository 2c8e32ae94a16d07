<?php
/**
 * When the site's own PHP can compile a pushed file in the push request, and what its answer means.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

use ParseError;

/**
 * A child `php` costs the site about 30 ms of CPU to start, on every push that changes a file, while
 * readers wait for the same core; compiling a route file costs well under 1 ms. opcache's
 * `opcache_compile_file()` compiles a file without running it and survives a compile error (it
 * catches the fatal error's bailout), so the push request can compile the files itself, with the
 * PHP that will run them, where three things hold:
 *
 * - opcache is on for this SAPI (`opcache.enable`, or `opcache.enable_cli` on the command line);
 * - `opcache.file_update_protection` is at least 1: a file written this second is then compiled
 *   without being stored in opcache's shared memory, so checked copies never take the room of the
 *   site's own scripts;
 * - `opcache.restrict_api` is empty: otherwise the call may be refused (it depends on the request's
 *   script path), and a refusal would only cost a warning per push before the child runs anyway.
 *
 * Where one does not hold, the child `php` checks the files as before.
 *
 * @phpstan-type Outcome array{verdict: 'ok'|'error'|'unavailable', message: string}
 */
final class InProcessRules {

	/** Errors that mean the file does not compile (what a compile error raises before the bailout). */
	private const COMPILE_ERRORS = E_ERROR | E_CORE_ERROR | E_COMPILE_ERROR | E_PARSE;

	/**
	 * @param array<string, string|false> $ini `opcache.enable`, `opcache.enable_cli`,
	 *                                           `opcache.file_update_protection` and
	 *                                           `opcache.restrict_api` as ini_get() gives them.
	 */
	public static function usable( string $sapi, bool $compiler_exists, array $ini ): bool {
		if ( ! $compiler_exists ) {
			return false;
		}
		$enable = 'cli' === $sapi || 'phpdbg' === $sapi ? 'opcache.enable_cli' : 'opcache.enable';
		return self::on( $ini[ $enable ] ?? false )
			&& (int) ( $ini['opcache.file_update_protection'] ?? 0 ) >= 1
			&& '' === trim( (string) ( $ini['opcache.restrict_api'] ?? '' ) );
	}

	/**
	 * What one compile said.
	 *
	 * `unavailable`: opcache_compile_file() returned false without a compile error (opcache did not
	 * start, or refused the call): the file is checked elsewhere, not failed.
	 *
	 * @param bool|null                                                  $compiled What opcache_compile_file() returned; null when it threw.
	 * @param array{type: int, message: string, file: string, line: int}|null $last     error_get_last() after it, warnings kept out.
	 * @return Outcome
	 */
	public static function outcome( ?bool $compiled, ?ParseError $parse, ?array $last ): array {
		if ( null !== $parse ) {
			return array(
				'verdict' => 'error',
				'message' => self::message( 'Parse error', $parse->getMessage(), $parse->getFile(), $parse->getLine() ),
			);
		}
		if ( true === $compiled ) {
			return array(
				'verdict' => 'ok',
				'message' => '',
			);
		}
		if ( null !== $last && 0 !== ( $last['type'] & self::COMPILE_ERRORS ) ) {
			return array(
				'verdict' => 'error',
				'message' => self::message( E_PARSE === $last['type'] ? 'Parse error' : 'Fatal error', $last['message'], $last['file'], $last['line'] ),
			);
		}
		return array(
			'verdict' => 'unavailable',
			'message' => '',
		);
	}

	/** PHP's own words, as `php -l` prints them (the caller puts the file's label for its path). */
	private static function message( string $kind, string $text, string $file, int $line ): string {
		return sprintf( 'PHP %s: %s in %s on line %d', $kind, $text, $file, $line );
	}

	private static function on( string|false $value ): bool {
		return in_array( strtolower( trim( (string) $value ) ), array( '1', 'on', 'yes', 'true' ), true );
	}
}
