<?php
/**
 * Push-time syntax check with a PHP command-line binary.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * Compiles the batch in this request where opcache allows it (InProcessRules: no child, and the PHP
 * that will run the files); otherwise runs it through `bin/lint.php` in a child `php` (opcache
 * compile: every error `php -l` reports, one process for the batch, started as LintCommand says),
 * falling back to `php -l` per file. Where neither can run (no opcache here, and no PHP binary found
 * or process execution disabled) the check is skipped, as docs/rules.md allows: the tokenizer's
 * parse still catches syntax errors and boot isolation catches the rest.
 *
 * A push tries each candidate `php` with the batch itself rather than probing first: each child PHP
 * costs the site about 30 ms of CPU, on every push that changes a file, while readers wait for it.
 */
final class SyntaxChecker {

	private const TIMEOUT_SECONDS = 30;

	/** The binary found (false: none can run), looked for once per checker. */
	private string|false|null $binary = null;

	/**
	 * The PHP CLI binary to use, or null when none can run.
	 */
	public function binary(): ?string {
		if ( null === $this->binary ) {
			$this->binary = self::find_binary() ?? false;
		}
		return false === $this->binary ? null : $this->binary;
	}

	/**
	 * Checks sources and returns the error text of each failing one.
	 *
	 * @param array<string, string> $sources Label (`slug.php`) => source.
	 * @return array<string, string>|null Label => error message; null when the check could not run.
	 */
	public function check( array $sources ): ?array {
		if ( array() === $sources ) {
			return array();
		}
		$here = InProcessCompiler::usable();
		if ( false === $this->binary && ! $here ) {
			return null;
		}
		$directory = self::temporary_directory();
		if ( null === $directory ) {
			return null;
		}
		try {
			$paths = array();
			foreach ( array_keys( $sources ) as $index => $label ) {
				$paths[ (string) $label ] = $directory . '/' . $index . '.php';
				file_put_contents( $paths[ (string) $label ], $sources[ $label ] );
			}
			$errors = array();
			$rest   = $paths;
			if ( $here ) {
				foreach ( $paths as $label => $path ) {
					$outcome = InProcessCompiler::compile( $path );
					if ( 'unavailable' === $outcome['verdict'] ) {
						break;
					}
					unset( $rest[ $label ] );
					if ( 'error' === $outcome['verdict'] ) {
						$errors[ $label ] = $outcome['message'];
					}
				}
			}
			if ( array() !== $rest ) {
				$child = $this->check_in_child( $rest );
				if ( null === $child ) {
					// Unchecked files go through (docs/rules.md); the errors found here still stop the push.
					return array() === $errors ? null : self::labelled( $errors, $paths );
				}
				$errors += $child;
			}
			return self::labelled( $errors, $paths );
		} finally {
			array_map( 'unlink', self::glob( $directory . '/*.php' ) );
			@rmdir( $directory ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
		}
	}

	/**
	 * Each message, in the batch's order, with the batch's file names in place of their temporary
	 * paths (a message may name another file of the batch: "previously declared in").
	 *
	 * @param array<string, string> $errors Label => message.
	 * @param array<string, string> $paths  Label => temporary path.
	 * @return array<string, string>
	 */
	private static function labelled( array $errors, array $paths ): array {
		$names    = array_flip( $paths );
		$labelled = array();
		foreach ( array_keys( $paths ) as $label ) {
			if ( isset( $errors[ $label ] ) ) {
				$labelled[ $label ] = strtr( $errors[ $label ], $names );
			}
		}
		return $labelled;
	}

	/**
	 * The files through the child `php`: label => error message (paths still temporary); null when no
	 * child can run.
	 *
	 * @param array<string, string> $paths Label => temporary path.
	 * @return array<string, string>|null
	 */
	private function check_in_child( array $paths ): ?array {
		if ( false === $this->binary ) {
			return null;
		}
		$labels = array_keys( $paths );
		$files  = array_values( $paths );
		$lines  = null;
		foreach ( null === $this->binary ? self::candidates() : array( $this->binary ) as $candidate ) {
			$lines = self::run( LintCommand::batch( $candidate, dirname( __DIR__, 2 ) . '/bin/lint.php', $files, (bool) ini_get( 'short_open_tag' ) ) );
			if ( LintCommand::ran( $lines ) ) {
				$this->binary = $candidate;
				break;
			}
		}
		if ( ! is_string( $this->binary ) ) {
			$this->binary = false;
			return null;
		}
		if ( ! LintCommand::answered( $lines, count( $files ) ) ) {
			$lines = self::lint_one_by_one( $this->binary, $files );
		}
		if ( null === $lines ) {
			return null;
		}
		$errors = array();
		foreach ( $lines as $line ) {
			if ( preg_match( '/^ERR (\d+) (.*)$/', $line, $match ) && isset( $labels[ (int) $match[1] ] ) ) {
				$errors[ (string) $labels[ (int) $match[1] ] ] = 'PHP ' . $match[2];
			}
		}
		return $errors;
	}

	/**
	 * @param list<string> $files
	 * @return list<string>|null Lines in bin/lint.php's format.
	 */
	private static function lint_one_by_one( string $binary, array $files ): ?array {
		$lines = array();
		foreach ( $files as $index => $file ) {
			$output = self::run( array( $binary, '-n', '-d', 'display_errors=stdout', '-l', $file ), true );
			if ( null === $output ) {
				return null;
			}
			$error   = (array) preg_grep( '/(?:Parse|Fatal) error: /', $output );
			$lines[] = array() === $error
				? 'OK ' . $index
				: 'ERR ' . $index . ' ' . preg_replace( '/^.*?((?:Parse|Fatal) error: )/', '$1', (string) reset( $error ) );
		}
		return $lines;
	}

	/**
	 * Runs a command without a shell and returns its output lines; null when it cannot run.
	 *
	 * @param list<string> $command
	 * @return list<string>|null
	 */
	private static function run( array $command, bool $allow_failure_status = false ): ?array {
		$process = @proc_open( // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- disabled functions answer false: the check is then skipped, as docs/rules.md says.
			$command,
			array(
				1 => array( 'pipe', 'w' ),
				2 => array(
					'pipe',
					'w',
				),
			),
			$pipes
		); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a disabled proc_open warns.
		if ( ! is_resource( $process ) ) {
			return null;
		}
		stream_set_blocking( $pipes[1], false );
		stream_set_blocking( $pipes[2], false );
		$output   = '';
		$deadline = microtime( true ) + self::TIMEOUT_SECONDS;
		while ( true ) {
			$output .= (string) stream_get_contents( $pipes[1] );
			stream_get_contents( $pipes[2] );
			$status = proc_get_status( $process );
			if ( ! $status['running'] ) {
				$output .= (string) stream_get_contents( $pipes[1] );
				break;
			}
			if ( microtime( true ) > $deadline ) {
				proc_terminate( $process, 9 );
				fclose( $pipes[1] );
				fclose( $pipes[2] );
				proc_close( $process );
				return null;
			}
			usleep( 2000 );
		}
		fclose( $pipes[1] );
		fclose( $pipes[2] );
		proc_close( $process );
		if ( ! $allow_failure_status && 0 !== $status['exitcode'] && '' === $output ) {
			return null;
		}
		return array_values( array_filter( explode( "\n", $output ), static fn ( string $line ): bool => '' !== $line ) );
	}

	/** The binary a probe finds: for the diagnostics, which run no check. */
	private static function find_binary(): ?string {
		foreach ( self::candidates() as $candidate ) {
			$probe = self::run( array( $candidate, '-n', '-r', 'echo PHP_SAPI;' ) );
			if ( array( 'cli' ) === $probe ) {
				return $candidate;
			}
		}
		return null;
	}

	/**
	 * The executables that may be a PHP command line, most likely first; none where processes cannot start.
	 *
	 * @return list<string>
	 */
	private static function candidates(): array {
		if ( ! function_exists( 'proc_open' ) || in_array( 'proc_open', array_map( 'trim', explode( ',', (string) ini_get( 'disable_functions' ) ) ), true ) ) {
			return array();
		}
		$candidates = array();
		// Under php-fpm or a web server module PHP_BINARY is not a CLI; only trust it when it is one.
		if ( 1 === preg_match( '/php[\d.]*$/', PHP_BINARY ) ) {
			$candidates[] = PHP_BINARY;
		}
		$path = (string) getenv( 'PATH' );
		foreach ( explode( PATH_SEPARATOR, '' !== $path ? $path : '/usr/local/bin:/usr/bin:/bin' ) as $directory ) {
			$candidates[] = rtrim( $directory, '/' ) . '/php';
		}
		return array_values( array_filter( array_unique( $candidates ), static fn ( string $candidate ): bool => is_file( $candidate ) && is_executable( $candidate ) ) );
	}

	private static function temporary_directory(): ?string {
		// A worker killed during a check leaves its directory (copies of route files) behind: one
		// untouched for ten minutes belongs to no running check.
		foreach ( self::glob( rtrim( get_temp_dir(), '/' ) . '/svc-lint-*', GLOB_ONLYDIR ) as $stale ) {
			if ( time() - (int) @filemtime( $stale ) > 600 ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors
				array_map( 'unlink', self::glob( $stale . '/*.php' ) );
				@rmdir( $stale ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
			}
		}
		$directory = rtrim( get_temp_dir(), '/' ) . '/svc-lint-' . bin2hex( random_bytes( 6 ) );
		return @mkdir( $directory, 0700 ) ? $directory : null; // phpcs:ignore WordPress.PHP.NoSilencedErrors
	}

	/**
	 * glob() with no match or an error as no paths.
	 *
	 * @return list<string>
	 */
	private static function glob( string $pattern, int $flags = 0 ): array {
		$found = glob( $pattern, $flags );
		return false === $found ? array() : $found;
	}
}
