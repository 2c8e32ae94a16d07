<?php
/**
 * Whether this PHP can start itself as a command (PHP_BINARY): not in the WebAssembly builds the
 * units also run on (PHP 8.1 and 8.3-8.5, scripts/php-units.ts), whose PHP_BINARY starts no PHP.
 * A unit that runs a file or a server with it is skipped there, and runs on Debian's PHP.
 */

declare(strict_types=1);

final class PhpBinary {

	private static ?bool $runs = null;

	public static function runs(): bool {
		if ( null === self::$runs ) {
			exec( escapeshellarg( PHP_BINARY ) . ' -n -r ' . escapeshellarg( 'echo 6 * 7;' ) . ' 2>/dev/null', $probe );
			self::$runs = array( '42' ) === $probe;
		}
		return self::$runs;
	}

	public static function reason(): string {
		return 'PHP_BINARY (' . PHP_BINARY . ') cannot run a file here';
	}
}
