<?php
/**
 * The words of `wp svc`: what its arguments mean, and the site's answers as terminal lines.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

/**
 * Pure: the commands (Cli\*Command) read arguments and print through these, so each rule has one
 * place and a unit test (test/php/unit/CliCommandTextTest.php) without WP-CLI.
 */
final class CommandText {

	private const SECONDS = array(
		's' => 1,
		'm' => 60,
		'h' => 3600,
		'd' => 86400,
	);

	/** A release id as given on the command line, or null for anything else. */
	public static function release_id( string $arg ): ?int {
		return 1 === preg_match( '/^[1-9][0-9]{0,17}$/', $arg ) ? (int) $arg : null;
	}

	/** A duration such as 30s, 15m, 2h or 1d, in seconds, or null for anything else. */
	public static function seconds( string $duration ): ?int {
		if ( 1 !== preg_match( '/^([1-9][0-9]*)([smhd])$/', $duration, $match ) ) {
			return null;
		}
		return (int) $match[1] * self::SECONDS[ $match[2] ];
	}

	/** Untrusted text on one line: controls (escape sequences, line breaks) shown as escapes. */
	public static function one_line( string $text ): string {
		return (string) preg_replace_callback( '/[\x00-\x1f\x7f]/', static fn ( array $m ): string => sprintf( '\\x%02x', ord( $m[0] ) ), $text );
	}

	/**
	 * One schedule in a cell: `sync() hourly, next 2026-11-25T18:00:00Z, last ok`.
	 *
	 * @param array<string, mixed> $schedule As the listing gives it (Schedules\Status::describe).
	 */
	public static function schedule( array $schedule ): string {
		$last = is_array( $schedule['last_run'] ?? null ) ? (string) ( $schedule['last_run']['outcome'] ?? '' ) : 'never';
		return sprintf(
			'%s() %s, next %s, last %s',
			(string) ( $schedule['method'] ?? '' ),
			'every' === ( $schedule['recurrence'] ?? '' ) ? 'every ' . (int) ( $schedule['interval'] ?? 0 ) . ' s' : (string) ( $schedule['recurrence'] ?? '' ),
			(string) ( $schedule['next_run'] ?? 'none' ),
			$last
		);
	}

	/**
	 * A Deployer plan as lines: `+ added`, `~ changed`, `- removed`.
	 *
	 * @param mixed $plan A Deployer plan: added, changed and removed slugs.
	 * @return list<string>
	 */
	public static function plan( mixed $plan ): array {
		$plan  = is_array( $plan ) ? $plan : array();
		$lines = array();
		foreach ( array(
			'added'   => '+',
			'changed' => '~',
			'removed' => '-',
		) as $key => $sign ) {
			foreach ( (array) ( $plan[ $key ] ?? array() ) as $slug ) {
				$lines[] = sprintf( '%s %s', $sign, $slug );
			}
		}
		return $lines;
	}

	/**
	 * A rejected push: one line per file and reason, as `svc api push` prints them.
	 *
	 * @param array<mixed> $errors A refusal's `errors`: {filename, message} each.
	 */
	public static function rejection( array $errors ): string {
		$lines = array( 'The push was rejected and nothing was written:' );
		foreach ( $errors as $failure ) {
			$failure = (array) $failure;
			$lines[] = sprintf( '  %s.php: %s', $failure['filename'] ?? '?', $failure['message'] ?? '' );
		}
		return implode( "\n", $lines );
	}
}
