<?php
/**
 * The one call the plugin makes where something worth telling happened.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Events;

/**
 * Fires the `svc_event` action: the code where a thing happens only says so, and whatever keeps
 * events (the EventStore, or a site's own listener) subscribes. Emitting costs nothing when
 * nobody listens.
 */
final class Emit {

	public const ACTION = 'svc_event';

	/**
	 * @param string               $type   One of Recorder::TYPES, e.g. `load_failed` (or `release_withdrawn`: forget a release's).
	 * @param array<string, mixed> $fields `slug`, `message` and anything the type carries.
	 */
	public static function event( string $type, array $fields = array() ): void {
		if ( function_exists( 'do_action' ) ) {
			do_action( self::ACTION, $type, $fields );
		}
	}
}
