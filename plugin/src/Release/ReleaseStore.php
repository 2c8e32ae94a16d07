<?php
/**
 * The kept releases and which one is active.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Closure;
use RuntimeException;
use Svc\EarlyCache\IndexStamp;
use Throwable;

/**
 * A release is a whole file set (slug => content hash). Making one active is one database
 * transaction: the row and the active pointer commit together or not at all. The pointer is an
 * autoloaded option, so a request learns which release is active at no extra query.
 *
 * @phpstan-type Release array{id: int, created: int, user_id: int, user_login: string, message: string|null, kind: string, rollback_of: int|null, preview_base: int|null, expires: int|null, files: array<string, string>, summary: array{added: list<string>, changed: list<string>, removed: list<string>}}
 */
final class ReleaseStore {

	public const ACTIVE_OPTION = IndexStamp::RELEASE_OPTION;
	public const KEEP          = 10;

	/**
	 * The active release's id; 0 before the first release.
	 *
	 * @param bool $fresh Read the database, not this request's copy of the options (writers do,
	 *                    under the write lock: another request may have committed meanwhile).
	 */
	public function active_id( bool $fresh = false ): int {
		global $wpdb;
		if ( ! $fresh ) {
			return (int) get_option( self::ACTIVE_OPTION, 0 );
		}
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::ACTIVE_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * @return Release|null
	 */
	public function active(): ?array {
		$id = $this->active_id();
		return 0 === $id ? null : $this->get( $id );
	}

	/**
	 * @return Release|null
	 */
	public function get( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::releases() . ' WHERE id = %d', $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		return is_array( $row ) ? self::decode( $row, true ) : null;
	}

	/**
	 * The kept releases, newest first, without their file maps (a count instead).
	 *
	 * @return list<array<string, mixed>>
	 */
	public function all(): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results( 'SELECT * FROM ' . Schema::releases() . ' ORDER BY id DESC', ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery
		return array_map( static fn ( array $row ): array => self::decode( $row, true ), array_values( $rows ) );
	}

	/**
	 * The release a client's commit id made, or null: none did, or it is no longer kept.
	 *
	 * @return Release|null
	 */
	public function by_commit_id( string $commit_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::releases() . ' WHERE commit_id = %s', $commit_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		return is_array( $row ) ? self::decode( $row, true ) : null;
	}

	/**
	 * The release made just before $id (what "roll back" returns to); null when none is kept. A
	 * preview never was active, so it is never what a rollback returns to.
	 */
	public function before( int $id ): ?int {
		global $wpdb;
		$found = $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM ' . Schema::releases() . ' WHERE id < %d AND kind <> %s', $id, ReleaseKind::PREVIEW ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		return null === $found ? null : (int) $found;
	}

	/**
	 * Records a release and makes it the active one, in one transaction.
	 *
	 * @param array<string, string>                                                     $files   Slug => hash.
	 * @param array{added: list<string>, changed: list<string>, removed: list<string>} $summary
	 * @param string|null                                                               $commit_id The client's id (CommitId), kept with the row: unique, so a
	 *                                                                                             concurrent twin of this commit fails instead of making a second release.
	 * @param (Closure(int): void)|null                                                 $with    Writes what is kept with the release or not at all (its
	 *                                                                                           event), inside the transaction: a worker killed after the
	 *                                                                                           commit cannot leave a release without it.
	 */
	public function activate( array $files, string $kind, array $summary, ?int $rollback_of = null, ?string $message = null, ?string $commit_id = null, ?Closure $with = null ): int {
		$id = self::in_transaction(
			function () use ( $files, $kind, $summary, $rollback_of, $message, $commit_id ): int {
				global $wpdb;
				$id = $this->insert( $files, $kind, $summary, $rollback_of, $message, null === $commit_id ? array() : array( 'commit_id' => $commit_id ) );
				// Not update_option(): it skips the write when its cache already holds the value.
				$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'yes') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)", self::ACTIVE_OPTION, (string) $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
				if ( '' !== $wpdb->last_error ) {
					throw new RuntimeException( 'svc could not activate the release: ' . $wpdb->last_error );
				}
				return $id;
			},
			$with
		);
		self::forget_cached_option();
		return $id;
	}

	/**
	 * Records a preview: a release that is never made active by its own commit (the pointer is not
	 * touched), served only to requests that carry its token, until $expires.
	 *
	 * @param array<string, string>                                                     $files   Slug => hash.
	 * @param array{added: list<string>, changed: list<string>, removed: list<string>} $summary Against $base.
	 * @param int                                                                        $base    The release active when it was made.
	 * @param (Closure(int): void)|null                                                 $with    As activate()'s: written in the same transaction.
	 */
	public function record_preview( array $files, array $summary, int $base, string $token_hash, int $expires, ?string $message, ?Closure $with = null ): int {
		return self::in_transaction(
			fn (): int => $this->insert(
				$files,
				ReleaseKind::PREVIEW,
				$summary,
				null,
				$message,
				array(
					'preview_token' => $token_hash,
					'preview_base'  => $base,
					'expires'       => $expires,
				)
			),
			$with
		);
	}

	/**
	 * Runs $record (which writes a release and answers its id), then $with, in one transaction:
	 * both or neither are kept.
	 *
	 * @param Closure(): int            $record
	 * @param (Closure(int): void)|null $with
	 */
	private static function in_transaction( Closure $record, ?Closure $with ): int {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		try {
			$id = $record();
			if ( null !== $with ) {
				$with( $id );
			}
			$wpdb->query( 'COMMIT' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		} catch ( Throwable $error ) {
			$wpdb->query( 'ROLLBACK' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			throw $error;
		}
		return $id;
	}

	/**
	 * @param array<string, string>                                                     $files
	 * @param array{added: list<string>, changed: list<string>, removed: list<string>} $summary
	 * @param array<string, int|string>                                                 $preview The preview's columns, if it is one, or the commit id.
	 */
	private function insert( array $files, string $kind, array $summary, ?int $rollback_of, ?string $message, array $preview ): int {
		global $wpdb;
		ksort( $files, SORT_STRING );
		$user = wp_get_current_user();
		$row  = array(
			'created'    => time(),
			'user_id'    => $user->ID,
			'user_login' => $user->user_login,
			'kind'       => $kind,
			'files'      => (string) wp_json_encode( (object) $files, JSON_UNESCAPED_SLASHES ),
			'summary'    => (string) wp_json_encode( $summary, JSON_UNESCAPED_SLASHES ),
		);
		// Columns left out stay NULL: wpdb would write a NULL given with a format as 0 or ''.
		if ( null !== $rollback_of ) {
			$row['rollback_of'] = $rollback_of;
		}
		if ( null !== $message ) {
			$row['message'] = $message;
		}
		$row     += $preview;
		$formats  = array_map( static fn ( mixed $value ): string => is_int( $value ) ? '%d' : '%s', $row );
		$inserted = $wpdb->insert( Schema::releases(), $row, array_values( $formats ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		if ( false === $inserted ) {
			throw new RuntimeException( 'svc could not record the release: ' . $wpdb->last_error );
		}
		return (int) $wpdb->insert_id;
	}

	/**
	 * The preview a token opens, or null: none has that hash, or it is not a preview any more.
	 * Expired previews are returned (the caller says why they are not served).
	 *
	 * @return Release|null
	 */
	public function preview_for_token( string $token ): ?array {
		global $wpdb;
		if ( ! PreviewToken::well_formed( $token ) ) {
			return null;
		}
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::releases() . ' WHERE preview_token = %s AND kind = %s', PreviewToken::hash( $token ), ReleaseKind::PREVIEW ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		if ( ! is_array( $row ) || ! PreviewToken::matches( (string) $row['preview_token'], $token ) ) {
			return null;
		}
		return self::decode( $row, true );
	}

	/**
	 * The ids of the previews that may still be served (their trees are kept).
	 *
	 * @return list<int>
	 */
	public function live_previews(): array {
		global $wpdb;
		$ids = (array) $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . Schema::releases() . ' WHERE kind = %s AND expires > %d', ReleaseKind::PREVIEW, time() ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * Removes one release that is not active (a promoted preview).
	 */
	public function delete( int $id ): void {
		global $wpdb;
		if ( $id !== $this->active_id( true ) ) {
			$wpdb->delete( Schema::releases(), array( 'id' => $id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		}
	}

	/**
	 * Undoes activate(): deletes release $id and makes $previous (0: none) active again, in one
	 * transaction. For a release whose files could not be served.
	 *
	 * @param (Closure(int): void)|null $with Undoes, inside the transaction, what activate()'s $with wrote.
	 */
	public function withdraw( int $id, int $previous, ?Closure $with = null ): void {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->delete( Schema::releases(), array( 'id' => $id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		if ( 0 === $previous ) {
			$wpdb->delete( $wpdb->options, array( 'option_name' => self::ACTIVE_OPTION ), array( '%s' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		} else {
			$wpdb->update( $wpdb->options, array( 'option_value' => (string) $previous ), array( 'option_name' => self::ACTIVE_OPTION ), array( '%s' ), array( '%s' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		}
		if ( null !== $with ) {
			$with( $id );
		}
		$wpdb->query( 'COMMIT' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		self::forget_cached_option();
	}

	/**
	 * WordPress caches options per request (and in a persistent object cache): drop what it knows.
	 */
	private static function forget_cached_option(): void {
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( self::ACTIVE_OPTION, 'options' );
		// Before the first release the option did not exist, which WordPress remembers too.
		wp_cache_delete( 'notoptions', 'options' );
	}

	/**
	 * Removes all but the newest releases of each pool (ReleaseKind), never the active one: a pool
	 * counts only its own, so svc dev's saves never push a deploy out.
	 *
	 * @param array<string, int> $keep Pool => how many to keep (ReleaseKind::keep_per_pool()).
	 */
	public function prune( array $keep ): void {
		global $wpdb;
		$rows   = (array) $wpdb->get_results( 'SELECT id, kind, expires FROM ' . Schema::releases() . ' ORDER BY id DESC', ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery
		$active = $this->active_id();
		$seen   = array();
		$old    = array();
		$now    = time();
		foreach ( $rows as $row ) {
			if ( ReleaseKind::is_preview( (string) $row['kind'] ) && PreviewToken::expired( null === $row['expires'] ? null : (int) $row['expires'], $now ) ) {
				$old[] = (int) $row['id'];
				continue;
			}
			$pool          = ReleaseKind::pool( (string) $row['kind'] );
			$seen[ $pool ] = ( $seen[ $pool ] ?? 0 ) + 1;
			if ( $seen[ $pool ] > max( 1, $keep[ $pool ] ?? self::keep() ) && (int) $row['id'] !== $active ) {
				$old[] = (int) $row['id'];
			}
		}
		foreach ( array_chunk( $old, 500 ) as $chunk ) {
			$wpdb->query( 'DELETE FROM ' . Schema::releases() . ' WHERE id IN (' . implode( ', ', $chunk ) . ')' ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery -- integers.
		}
	}

	/**
	 * Every hash a kept release uses.
	 *
	 * @return array<string, true>
	 */
	public function referenced(): array {
		global $wpdb;
		$hashes = array();
		foreach ( (array) $wpdb->get_col( 'SELECT files FROM ' . Schema::releases() ) as $json ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery
			foreach ( (array) json_decode( (string) $json, true ) as $hash ) {
				$hashes[ (string) $hash ] = true;
			}
		}
		return $hashes;
	}

	/**
	 * How many releases to keep.
	 */
	public static function keep(): int {
		/**
		 * Filters how many releases the site keeps for rollback (the active one included). Default 10.
		 *
		 * @param int $count
		 */
		return max( 1, (int) apply_filters( 'svc_keep_releases', self::KEEP ) );
	}

	/**
	 * @param array<string, mixed> $row
	 * @return Release
	 */
	private static function decode( array $row, bool $with_files ): array {
		$summary = json_decode( (string) $row['summary'], true );
		$files   = $with_files ? json_decode( (string) $row['files'], true ) : array();
		return array(
			'id'           => (int) $row['id'],
			'created'      => (int) $row['created'],
			'user_id'      => (int) $row['user_id'],
			'user_login'   => (string) ( $row['user_login'] ?? '' ),
			'message'      => isset( $row['message'] ) ? (string) $row['message'] : null,
			'kind'         => (string) $row['kind'],
			'rollback_of'  => null === $row['rollback_of'] ? null : (int) $row['rollback_of'],
			'preview_base' => isset( $row['preview_base'] ) ? (int) $row['preview_base'] : null,
			'expires'      => isset( $row['expires'] ) ? (int) $row['expires'] : null,
			'files'        => is_array( $files ) ? array_map( 'strval', $files ) : array(),
			'summary'      => array(
				'added'   => array_values( (array) ( $summary['added'] ?? array() ) ),
				'changed' => array_values( (array) ( $summary['changed'] ?? array() ) ),
				'removed' => array_values( (array) ( $summary['removed'] ?? array() ) ),
			),
		);
	}
}
