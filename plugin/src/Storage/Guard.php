<?php
/**
 * The direct-access guard written into every stored route file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use PhpToken;
use Svc\Scanning\DeclareLocator;

/**
 * Injects the `ABSPATH` guard right after the `declare(strict_types=1);` statement and strips it
 * again, byte for byte, so that a pull returns exactly what the author pushed. In a namespaced file
 * it goes right after the namespace declaration instead (`namespace X;` or `namespace X {`): PHP
 * allows no statement between the declare and it.
 *
 * The guard moves every later line of a stored file down by one, so PHP's line numbers are not the
 * author's: whatever svc reports (a boot failure, an error while a route runs, a log line) passes
 * through author_line() or author_text(), the one place that maps them back.
 */
final class Guard {

	/** A stored file named in PHP's text, and its line: `… in /x/a.php on line 7`, `/x/a.php:7`, `#0 /x/a.php(7)`. */
	private const LINE_REFERENCE = '~((?:/|[A-Za-z]:[\\\\/])[^\s\'"():,]*\.php)( on line |:|\()(\d+)~';

	/** @var array<string, int|null> Path => the line svc's guard follows (its declare's, or its namespace's), when it has one. */
	private static array $declare_lines = array();

	/**
	 * A block comment, not a line comment: on a file written on one line
	 * (`<?php declare(strict_types=1); final class A {…}`) a `//` would comment the class out.
	 */
	public const TEXT = "\nif ( ! defined( 'ABSPATH' ) ) { exit; } /* svc: direct-access guard. */";

	/** What earlier versions of svc stored: still recognized, so their files strip to the author's bytes. */
	private const EARLIER_TEXTS = array( "\nif ( ! defined( 'ABSPATH' ) ) { exit; } // svc: direct-access guard." );

	/**
	 * The source with the guard after its declare statement; unchanged when it has none
	 * (such a file never passes the push-time checks, so it is never stored through svc).
	 */
	public static function inject( string $source ): string {
		$offset = self::offset( $source );
		if ( null === $offset ) {
			return $source;
		}
		return substr( $source, 0, $offset ) . self::TEXT . substr( $source, $offset );
	}

	/**
	 * The source as its author wrote it: the guard removed where svc put it, nowhere else.
	 */
	public static function strip( string $stored ): string {
		$offset = self::offset( $stored );
		$guard  = null === $offset ? null : self::guard_at( $stored, $offset );
		if ( null === $guard ) {
			return $stored;
		}
		return substr( $stored, 0, $offset ) . substr( $stored, $offset + strlen( $guard ) );
	}

	/**
	 * The line $line of the file at $path as its author numbered it: unchanged for any file without
	 * svc's guard (a library file, a file placed by hand), one less after the guard in a stored one.
	 */
	public static function author_line( string $path, int $line ): int {
		$declare = self::declare_line( $path );
		return null !== $declare && $line > $declare ? $line - 1 : $line;
	}

	/**
	 * PHP's text (an error message, a stack trace) with every line number of a stored file mapped
	 * back by author_line().
	 */
	public static function author_text( string $text ): string {
		return (string) preg_replace_callback(
			self::LINE_REFERENCE,
			static fn ( array $found ): string => $found[1] . $found[2] . self::author_line( $found[1], (int) $found[3] ),
			$text
		);
	}

	/**
	 * Forgets what author_line() read: a file rewritten in the same process (tests) is read again.
	 */
	public static function forget(): void {
		self::$declare_lines = array();
	}

	private static function declare_line( string $path ): ?int {
		if ( array_key_exists( $path, self::$declare_lines ) ) {
			return self::$declare_lines[ $path ];
		}
		$stored = str_ends_with( $path, '.php' ) && is_file( $path ) ? @file_get_contents( $path ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- unreadable: its lines are left as PHP gave them.
		$offset = false === $stored ? null : self::offset( $stored );
		$line   = null;
		if ( null !== $offset && null !== self::guard_at( (string) $stored, $offset ) ) {
			$line = substr_count( (string) $stored, "\n", 0, $offset ) + 1;
		}
		self::$declare_lines[ $path ] = $line;
		return $line;
	}

	/** The guard text svc stored at $offset (today's or an earlier one), or null. */
	private static function guard_at( string $stored, int $offset ): ?string {
		foreach ( array( self::TEXT, ...self::EARLIER_TEXTS ) as $text ) {
			if ( substr( $stored, $offset, strlen( $text ) ) === $text ) {
				return $text;
			}
		}
		return null;
	}

	/**
	 * Where the guard goes: after the declare, or after a namespace declaration right behind it.
	 */
	private static function offset( string $source ): ?int {
		$offset = DeclareLocator::end_offset( $source );
		if ( null === $offset || false === stripos( $source, 'namespace', $offset ) ) {
			return $offset;
		}
		$tokens = PhpToken::tokenize( $source );
		$count  = count( $tokens );
		$i      = 0;
		while ( $i < $count && $tokens[ $i ]->pos < $offset ) {
			++$i;
		}
		$next = static function () use ( $tokens, $count, &$i ): ?PhpToken {
			while ( $i < $count && $tokens[ $i ]->isIgnorable() ) {
				++$i;
			}
			return $tokens[ $i++ ] ?? null;
		};
		if ( ! ( $next()?->is( T_NAMESPACE ) ?? false ) ) {
			return $offset;
		}
		$token = $next();
		if ( null !== $token && $token->is( array( T_STRING, T_NAME_QUALIFIED ) ) ) {
			$token = $next();
		}
		return null !== $token && ( ';' === $token->text || '{' === $token->text ) ? $token->pos + 1 : $offset;
	}
}
