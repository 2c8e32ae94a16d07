<?php
/**
 * How long a push waits after one staging request before it sends the next.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * As long as the site spent checking and storing the request's contents: a push sends its staging
 * requests one after the other, so without a pause it keeps one PHP worker and the database busy for
 * as long as it stages, and the routes served beside it wait for the CPU (`npm run bench`, figure d).
 * Pausing as long as that work took leaves the site about half of the push's time (a little less:
 * WordPress's boot for each request is not counted, nor, under mod_php, the upload of its body).
 * Bounded, so a slow request never stalls a push for long; a site that would rather stage at full
 * speed returns 0 from the filter `svc_staging_pause_ms`.
 */
final class StagingPause {

	/** The longest pause asked for, whatever the request took or a filter says. */
	public const MAX_MS = 2000;

	/**
	 * The pause after a request that took $elapsed seconds on the site.
	 */
	public static function after( float $elapsed ): int {
		return self::bounded( (int) round( $elapsed * 1000 ) );
	}

	/**
	 * Whole milliseconds from 0 to MAX_MS; anything that is not an integer (a filter's mistake) is no pause.
	 */
	public static function bounded( mixed $milliseconds ): int {
		return is_int( $milliseconds ) ? max( 0, min( self::MAX_MS, $milliseconds ) ) : 0;
	}
}
