<?php
/**
 * Remembers a scan that never finished.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\Directories;
use Throwable;

/**
 * A scan can end the process (the time limit, the memory limit, a worker killed): nothing after it
 * runs, so without a record every request would scan the same file and die again.
 *
 * Each guard (one per manifest build) keeps a journal in `cache/scans/`, locked for as long as the
 * guard lives: before a scan it writes the file's path and stamp there, after it clears them; the
 * guard removes the journal when it ends. A journal found unlocked was left by a process that died:
 * if it names a file, that scan never finished, and the file at that stamp goes into `dead.list`,
 * failed until it changes. The lock tells a dead process from one that is building right now (the
 * system drops it with the process, whatever ended it).
 *
 * One journal per build, not a marker file per scanned file: a build that scans a thousand files
 * (a release synced by a second web node) wrote and removed a thousand files for nothing, which
 * cost more than scanning them.
 */
final class ScanGuard {

	private const DEAD_LIST = 'dead.list';

	/** Dead records kept: the newest, so a site whose files keep dying cannot grow the list. */
	private const DEAD_KEPT = 200;

	/** @var resource|null This guard's journal, once a scan needed it. */
	private $journal = null;

	private ?string $journal_path = null;

	/** @var array<string, true>|null "sha1(path) stamp" of the scans that died, read once. */
	private ?array $dead = null;

	public function __construct( private readonly string $directory ) {
	}

	public function __destruct() {
		if ( null !== $this->journal ) {
			// Removed while still locked: no other guard can take it for a dead one meanwhile.
			@unlink( (string) $this->journal_path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- gone already: nothing to remove.
			fclose( $this->journal );
			$this->journal = null;
		}
	}

	/**
	 * $scan's result, or null when a scan of the file at this stamp began before and never finished.
	 *
	 * @template T
	 * @param callable(): T $scan
	 * @return T|null
	 */
	public function run( string $path, string $stamp, callable $scan ): mixed {
		$this->start();
		$record = self::record( $path, $stamp );
		if ( isset( $this->dead[ $record ] ) ) {
			return null;
		}
		if ( null === $this->journal ) {
			// No journal to be had: scanning unguarded costs a retry, not correctness.
			return $scan();
		}
		self::rewrite( $this->journal, $record );
		try {
			return $scan();
		} finally {
			// Reached when the scan returned or threw: either way it finished. A process that dies skips it.
			ftruncate( $this->journal, 0 );
		}
	}

	/**
	 * Reads what dead processes left (once per guard) and opens this guard's journal.
	 */
	private function start(): void {
		if ( null !== $this->dead ) {
			return;
		}
		$this->dead = array();
		try {
			( new Directories() )->ensure( $this->directory );
		} catch ( Throwable $error ) {
			// No journal to be had (a read-only cache): scans run unguarded.
			unset( $error );
			return;
		}
		$this->collect_dead_journals();
		foreach ( self::lines( $this->directory . '/' . self::DEAD_LIST ) as $line ) {
			$this->dead[ $line ] = true;
		}
		$path   = $this->directory . '/' . bin2hex( random_bytes( 8 ) ) . '.scan';
		$handle = @fopen( $path, 'x+' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- a lock file, not content.
		if ( false === $handle ) {
			return;
		}
		if ( ! flock( $handle, LOCK_EX | LOCK_NB ) ) {
			fclose( $handle );
			@unlink( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions
			return;
		}
		$this->journal      = $handle;
		$this->journal_path = $path;
	}

	/**
	 * Journals no process holds: their scan, if one was under way, goes into the dead list.
	 */
	private function collect_dead_journals(): void {
		$died = array();
		foreach ( (array) glob( $this->directory . '/*.scan', GLOB_NOSORT ) as $found ) {
			$found  = (string) $found;
			$handle = @fopen( $found, 'r' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- removed meanwhile: nothing to collect.
			if ( false === $handle ) {
				continue;
			}
			// Locked: its process is building now. Unlocked but gone from its path: collected already.
			if ( flock( $handle, LOCK_EX | LOCK_NB ) && self::still_at( $handle, $found ) ) {
				$record = trim( (string) stream_get_contents( $handle ) );
				if ( '' !== $record ) {
					$died[] = $record;
				}
				@unlink( $found ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions
			}
			fclose( $handle );
		}
		if ( array() !== $died ) {
			$list = $this->directory . '/' . self::DEAD_LIST;
			$kept = array_slice( array_unique( array_merge( self::lines( $list ), $died ) ), -self::DEAD_KEPT );
			@file_put_contents( $list, implode( "\n", $kept ) . "\n", LOCK_EX ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- a read-only cache forgets, as without a guard.
		}
	}

	/**
	 * @return list<string>
	 */
	private static function lines( string $file ): array {
		$text = is_file( $file ) ? @file_get_contents( $file ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions
		return false === $text ? array() : array_values( array_filter( array_map( 'trim', explode( "\n", $text ) ) ) );
	}

	/**
	 * One line naming the file by a hash of its path (a path may hold any character but a NUL).
	 */
	private static function record( string $path, string $stamp ): string {
		return sha1( $path ) . ' ' . $stamp;
	}

	/**
	 * @param resource $handle
	 */
	private static function rewrite( $handle, string $record ): void {
		ftruncate( $handle, 0 );
		rewind( $handle );
		fwrite( $handle, $record ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a lock file, not content.
		fflush( $handle );
	}

	/**
	 * The locked handle is still the file at $path (not one a finished guard removed meanwhile).
	 *
	 * @param resource $handle
	 */
	private static function still_at( $handle, string $path ): bool {
		clearstatcache( true, $path );
		$held = fstat( $handle );
		$now  = @stat( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- removed: not still there.
		return false !== $held && false !== $now && $held['ino'] === $now['ino'] && $held['dev'] === $now['dev'];
	}
}
