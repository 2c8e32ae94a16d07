<?php
/**
 * Route file contents, stored once by their hash.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use RuntimeException;
use Svc\Validation\ScanVerdict;

/**
 * Content-addressed and immutable: a content is stored under sha256(content), so staging the same
 * bytes twice, or by two pushes at once, is harmless.
 *
 * A content is kept while a kept release uses it (`released`) or while a push may still commit it:
 * staging it (or asking for it again) marks it `awaited` at `staged`, and a commit that uses it
 * ends the wait. Only awaited contents count against the stage cap and wait out `svc_stage_ttl`;
 * one that no release keeps and no push awaits goes at the next write, once a short grace since it
 * was last staged has passed (the grace covers a second push that staged the same bytes and has not
 * committed yet: nothing says which push a row was staged for).
 *
 * @phpstan-import-type Names from \Svc\Validation\RouteRules
 */
final class BlobStore {

	/** How many bytes of base64 go into one INSERT, well under MariaDB's default max_allowed_packet. */
	private const INSERT_BYTES = 4194304;

	/** Seconds a content staged by a push stays after another commit used it; a push stages then commits at once. */
	private const GRACE = 600;

	/**
	 * Stores contents; returns which were new and which the store already had.
	 *
	 * @param array<string, string> $contents Hash => bytes; every hash is the sha256 of its bytes.
	 * @param list<string>          $present  The hashes of $contents the store has (present()), which
	 *                                        the caller needed already: not asked again.
	 * @return array{stored: list<string>, present: list<string>}
	 */
	public function put( array $contents, array $present ): array {
		global $wpdb;
		$stored = array();
		$rows   = array();
		$bytes  = 0;
		$now    = time();
		$skip   = array_fill_keys( $present, true );
		foreach ( $contents as $hash => $content ) {
			$hash = (string) $hash;
			if ( isset( $skip[ $hash ] ) ) {
				continue;
			}
			$skip[ $hash ] = true;
			$encoded       = self::encode( $content );
			$rows[]        = BlobRow::values( $hash, strlen( $content ), $encoded, $now );
			$bytes        += strlen( $encoded );
			$stored[]      = $hash;
			if ( $bytes >= self::INSERT_BYTES ) {
				$this->insert( $rows );
				$rows  = array();
				$bytes = 0;
			}
		}
		$this->insert( $rows );
		return array(
			'stored'  => $stored,
			'present' => $present,
		);
	}

	/**
	 * base64 lets any bytes through wpdb's text handling unchanged. (Deflating first was tried: it
	 * saves the database bytes but costs staging requests more CPU than it saves, which is what a
	 * route served beside a push competes for; `npm run bench`, figure d.)
	 */
	private static function encode( string $content ): string {
		return base64_encode( $content ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- storage encoding, not obfuscation.
	}

	/**
	 * The stored bytes back; false when the row is damaged.
	 */
	private static function decode( string $stored ): string|false {
		return base64_decode( $stored, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- storage encoding.
	}

	/**
	 * @param list<string> $rows Prepared value tuples.
	 */
	private function insert( array $rows ): void {
		global $wpdb;
		if ( array() === $rows ) {
			return;
		}
		// IGNORE: a concurrent push may have stored the same content meanwhile; it is the same bytes.
		$done = $wpdb->query( 'INSERT IGNORE INTO ' . Schema::blobs() . ' (hash, size, content, created, staged, awaited) VALUES ' . implode( ', ', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery -- rows prepared above.
		if ( false === $done ) {
			throw new RuntimeException( 'svc could not store file contents: ' . $wpdb->last_error );
		}
	}

	/**
	 * Which of these hashes the store has.
	 *
	 * @param list<string> $hashes
	 * @return list<string>
	 */
	public function present( array $hashes ): array {
		return array_map( static fn ( array $row ): string => (string) $row['hash'], iterator_to_array( $this->rows( 'hash', $hashes ), false ) );
	}

	/**
	 * The contents of these hashes; a hash the store lacks is missing from the answer.
	 *
	 * @param list<string> $hashes
	 * @return array<string, string> Hash => bytes.
	 */
	public function get( array $hashes ): array {
		return $this->stored( $hashes, null )['contents'];
	}

	/**
	 * What a write needs of the contents it uses, in one read: the bytes of those the request did not
	 * bring ($inline: hash => anything), the classes of those whose syntax this PHP version compiled
	 * (a rollback, or a push of contents the site had before, does not compile them again), and the
	 * names of those whose lexical checks passed under the rules of key $key (ScanVerdict; none when
	 * $key is null). A hash the store lacks is in none of them.
	 *
	 * @param list<string>         $hashes
	 * @param array<string, mixed> $inline
	 * @return array{contents: array<string, string>, classes: array<string, string>, names: array<string, Names>} Keyed by hash.
	 */
	public function stored( array $hashes, ?string $key, array $inline = array() ): array {
		$found   = array(
			'contents' => array(),
			'classes'  => array(),
			'names'    => array(),
		);
		$columns = 'hash, class_name, checked_on' . ( null === $key ? '' : ', scanned' ) . ( array() === array_diff_key( array_flip( $hashes ), $inline ) ? '' : ', content' );
		foreach ( $this->rows( $columns, $hashes ) as $row ) {
			$hash = (string) $row['hash'];
			if ( isset( $row['content'] ) && ! isset( $inline[ $hash ] ) ) {
				$bytes = self::decode( (string) $row['content'] );
				// A damaged row is treated as missing rather than served.
				if ( false !== $bytes && hash( 'sha256', $bytes ) === $hash ) {
					$found['contents'][ $hash ] = $bytes;
				}
			}
			if ( self::php() === $row['checked_on'] ) {
				$found['classes'][ $hash ] = (string) $row['class_name'];
			}
			$names = null === $key ? null : ScanVerdict::decode( isset( $row['scanned'] ) ? (string) $row['scanned'] : null, $key );
			if ( null !== $names ) {
				$found['names'][ $hash ] = $names;
			}
		}
		return $found;
	}

	/**
	 * The rows of these hashes (the ones the store has), read in chunks that keep queries small.
	 *
	 * @param list<string> $hashes
	 * @return \Generator<int, array<string, mixed>>
	 */
	private function rows( string $columns, array $hashes ): \Generator {
		global $wpdb;
		// A chunk at a time, its result freed before the next: a 1,000-file release's contents are
		// megabytes of base64, and the caller keeps only what it decodes.
		foreach ( array_chunk( array_values( array_unique( $hashes ) ), 200 ) as $chunk ) {
			$placeholders = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			$found        = $wpdb->get_results( $wpdb->prepare( "SELECT {$columns} FROM " . Schema::blobs() . " WHERE hash IN ({$placeholders})", $chunk ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.PreparedSQLPlaceholders,WordPress.DB.DirectDatabaseQuery -- columns are the callers' literals, placeholders built above.
			$wpdb->flush();
			foreach ( (array) $found as $row ) {
				yield (array) $row;
			}
		}
	}

	/**
	 * Records what a write's checks said of its contents, in one update per chunk of rows: the class
	 * of those whose syntax this PHP version compiled ($classes), and the names of those whose lexical
	 * checks passed under the rules of key $key ($names; ScanVerdict).
	 *
	 * @param array<string, string> $classes Hash => class name.
	 * @param array<string, Names>  $names   Hash => the names the content declares.
	 */
	public function remember( array $classes, array $names, ?string $key ): void {
		global $wpdb;
		$verdicts = array();
		foreach ( $names as $hash => $declared ) {
			$verdict = null === $key ? null : ScanVerdict::encode( $key, $declared );
			if ( null !== $verdict ) {
				$verdicts[ (string) $hash ] = $verdict;
			}
		}
		$hashes = array_map( 'strval', array_keys( $classes + $verdicts ) );
		foreach ( array_chunk( $hashes, 500 ) as $chunk ) {
			$class_cases   = array();
			$compiled      = array();
			$verdict_cases = array();
			$listed        = array();
			foreach ( $chunk as $hash ) {
				if ( isset( $classes[ $hash ] ) ) {
					$class_cases[] = $wpdb->prepare( 'WHEN %s THEN %s', $hash, $classes[ $hash ] );
					$compiled[]    = $wpdb->prepare( '%s', $hash );
				}
				if ( isset( $verdicts[ $hash ] ) ) {
					$verdict_cases[] = $wpdb->prepare( 'WHEN %s THEN %s', $hash, $verdicts[ $hash ] );
				}
				$listed[] = $wpdb->prepare( '%s', $hash );
			}
			$sets = array();
			if ( array() !== $class_cases ) {
				$sets[] = 'class_name = CASE hash ' . implode( ' ', $class_cases ) . ' ELSE class_name END';
				$sets[] = $wpdb->prepare( 'checked_on = CASE WHEN hash IN (' . implode( ', ', $compiled ) . ') THEN %s ELSE checked_on END', self::php() ); // phpcs:ignore WordPress.DB.PreparedSQL -- parts prepared above.
			}
			if ( array() !== $verdict_cases ) {
				$sets[] = 'scanned = CASE hash ' . implode( ' ', $verdict_cases ) . ' ELSE scanned END';
			}
			$wpdb->query( 'UPDATE ' . Schema::blobs() . ' SET ' . implode( ', ', $sets ) . ' WHERE hash IN (' . implode( ', ', $listed ) . ')' ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery -- parts prepared above.
		}
	}

	/**
	 * What a syntax check's verdict holds for: the PHP minor version that compiled the code.
	 */
	private static function php(): string {
		return PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
	}

	/**
	 * Marks these contents (the ones the store has) as awaited by a push from now on, so that no
	 * write removes them before that push commits. Called before present(): a content a concurrent
	 * write removes first is then reported missing and staged again, never reported present and lost.
	 *
	 * @param list<string> $hashes
	 */
	public function await( array $hashes ): void {
		global $wpdb;
		foreach ( array_chunk( array_values( array_unique( $hashes ) ), 500 ) as $chunk ) {
			$placeholders = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::blobs() . " SET staged = %d, awaited = 1 WHERE hash IN ({$placeholders})", time(), ...$chunk ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.PreparedSQLPlaceholders,WordPress.DB.DirectDatabaseQuery -- placeholders built above.
		}
	}

	/**
	 * What the stage cap counts: the contents no kept release uses that a push still awaits (staged
	 * within the TTL and not committed since), in bytes and in rows. One aggregate query, so a staging
	 * request costs the same however many contents the site keeps.
	 *
	 * @return array{bytes: int, contents: int}
	 */
	public function staged(): array {
		global $wpdb;
		// Expired ones count no more, though only the next write removes them.
		$row = (array) $wpdb->get_row( $wpdb->prepare( 'SELECT COALESCE(SUM(size), 0) AS bytes, COUNT(*) AS contents FROM ' . Schema::blobs() . ' WHERE released = 0 AND awaited = 1 AND staged >= %d', time() - self::ttl() ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		return array(
			'bytes'    => (int) ( $row['bytes'] ?? 0 ),
			'contents' => (int) ( $row['contents'] ?? 0 ),
		);
	}

	/**
	 * After a write, under the write lock: marks which contents kept releases use (ReleasedMarks: only
	 * the marks that change are written), ends the wait for
	 * the ones the new release uses, and removes every content no kept release uses whose wait is
	 * over (committed, or past $ttl) once the grace since it was last staged has passed. The contents
	 * of releases pruned just now go here, so pushing never fills the cap with them.
	 *
	 * @param array<string, true> $referenced Hashes used by kept releases.
	 * @param list<string>        $committed  Hashes of the release just made (none after a failure).
	 */
	public function collect( array $referenced, array $committed, int $ttl ): void {
		global $wpdb;
		$table   = Schema::blobs();
		$marked  = array_values( array_map( 'strval', (array) $wpdb->get_col( "SELECT hash FROM {$table} WHERE released = 1" ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery -- the table name is svc's own.
		$changes = ReleasedMarks::changes( $marked, $referenced );
		self::set_released( 1, $changes['mark'] );
		self::set_released( 0, $changes['unmark'] );
		foreach ( array_chunk( array_values( array_unique( $committed ) ), 500 ) as $chunk ) {
			$placeholders = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET awaited = 0 WHERE hash IN ({$placeholders})", $chunk ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.PreparedSQLPlaceholders,WordPress.DB.DirectDatabaseQuery -- placeholders built above.
		}
		$now = time();
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE released = 0 AND ( staged < %d OR ( awaited = 0 AND staged < %d ) )", $now - $ttl, $now - min( self::GRACE, $ttl ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * @param list<string> $hashes
	 */
	private static function set_released( int $released, array $hashes ): void {
		global $wpdb;
		foreach ( array_chunk( $hashes, 500 ) as $chunk ) {
			$placeholders = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::blobs() . " SET released = %d WHERE hash IN ({$placeholders})", $released, ...$chunk ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.PreparedSQLPlaceholders,WordPress.DB.DirectDatabaseQuery -- placeholders built above.
		}
	}

	/**
	 * How long a staged content waits for the release that uses it.
	 */
	public static function ttl(): int {
		/**
		 * Filters how long (seconds) staged contents that no release uses are kept. Default one hour.
		 *
		 * @param int $seconds
		 */
		return max( 1, (int) apply_filters( 'svc_stage_ttl', HOUR_IN_SECONDS ) );
	}
}
