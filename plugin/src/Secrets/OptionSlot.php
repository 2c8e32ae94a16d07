<?php
/**
 * The secrets' option.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

use RuntimeException;
use Svc\Support\DbLock;

/**
 * One option per site, not autoloaded: only a request that reads a secret loads it. It is in the
 * database, never in a file, so every web node sees a change on its next request.
 *
 * A change is a read-modify-write of the whole option, so it holds a lock in the database (DbLock,
 * shared by every web node) and reads the row past the object cache: two admins setting two names
 * at once both keep theirs.
 */
final class OptionSlot implements Slot {

	public const OPTION = 'svc_secrets';

	/** The lock row of a change (DbLock); left behind only by a process killed while it held it. */
	public const LOCK = 'svc_secrets_lock';

	private const LOCK_SECONDS = 10;

	public function read(): array {
		$records = get_option( self::OPTION, array() );
		return is_array( $records ) ? $records : array();
	}

	public function change( callable $change ): void {
		$lock = DbLock::wait( self::LOCK, self::LOCK_SECONDS, self::LOCK_SECONDS );
		if ( null === $lock ) {
			throw new RuntimeException( 'svc could not lock the secrets (another change is still running); try again.' );
		}
		try {
			// What another node wrote a moment ago, not what this request's cache remembers.
			wp_cache_delete( self::OPTION, 'options' );
			$records = $change( $this->read() );
			if ( array() === $records ) {
				delete_option( self::OPTION );
			} else {
				update_option( self::OPTION, $records, false );
			}
		} finally {
			$lock->release();
		}
	}
}
