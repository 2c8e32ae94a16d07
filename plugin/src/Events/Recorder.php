<?php
/**
 * Keeps the events the plugin emits.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Events;

/**
 * Listens to `svc_event` and appends what a developer wants in `svc api logs` and the admin page.
 *
 * `loaded` is emitted whenever a route file boots cleanly for the first time since it changed; it is
 * kept only as `load_recovered`, when that file's last recorded state was a failure (a small
 * autoloaded set of failing slugs), so a push of 100 healthy files adds no 100 events.
 */
final class Recorder {

	public const FAILING_OPTION = 'svc_events_failing';

	/** The event types kept, as `svc api logs` and the API document them. */
	public const TYPES = array( 'load_failed', 'load_recovered', 'permission_threw', 'headers_threw', 'route_error', 'schedule_error', 'boot_fatal', 'vendor_failed', 'release', 'secret' );

	public function __construct( private readonly EventStore $store ) {
	}

	public function listen(): void {
		add_action( Emit::ACTION, array( $this, 'on_event' ), 10, 2 );
	}

	/**
	 * @internal Action callback.
	 *
	 * @param mixed $type
	 * @param mixed $fields
	 */
	public function on_event( mixed $type, mixed $fields = array() ): void {
		if ( ! is_string( $type ) || ! is_array( $fields ) ) {
			return;
		}
		$slug    = isset( $fields['slug'] ) && is_scalar( $fields['slug'] ) ? (string) $fields['slug'] : null;
		$message = isset( $fields['message'] ) && is_scalar( $fields['message'] ) ? (string) $fields['message'] : '';
		unset( $fields['slug'], $fields['message'] );
		if ( 'loaded' === $type ) {
			if ( null === $slug || ! $this->set_failing( $slug, false ) ) {
				return;
			}
			$type    = 'load_recovered';
			$message = sprintf( '%s.php loads again', $slug );
		} elseif ( 'load_failed' === $type && null !== $slug ) {
			$this->set_failing( $slug, true );
			$message = sprintf( '%s.php skipped: %s', $slug, $message );
		} elseif ( 'release_withdrawn' === $type ) {
			// Not kept: the release it names was recorded, then undone because its files could not be
			// served, so the event that told of it goes too (the push was refused; nothing happened).
			if ( is_int( $fields['release'] ?? null ) ) {
				$this->store->forget_release( $fields['release'] );
			}
			return;
		} elseif ( 'release' === $type ) {
			$message = self::release_message( $fields );
		} elseif ( 'secret' === $type ) {
			$message = self::secret_message( $fields );
		} elseif ( ! in_array( $type, self::TYPES, true ) ) {
			return;
		}
		$this->store->append( $type, $slug, $message, $fields, get_current_user_id() );
	}

	/**
	 * Marks a slug failing or not; returns whether that changed anything.
	 */
	private function set_failing( string $slug, bool $failing ): bool {
		$set = get_option( self::FAILING_OPTION, array() );
		$set = is_array( $set ) ? $set : array();
		if ( isset( $set[ $slug ] ) === $failing ) {
			return false;
		}
		if ( $failing ) {
			$set[ $slug ] = true;
		} else {
			unset( $set[ $slug ] );
		}
		update_option( self::FAILING_OPTION, $set, true );
		return true;
	}

	/**
	 * "secret STRIPE_KEY set by admin": the name and who, never the value (the event has none).
	 *
	 * @param array<string, mixed> $fields
	 */
	private static function secret_message( array $fields ): string {
		$user = wp_get_current_user();
		return sprintf(
			'secret %s %s by %s',
			is_string( $fields['name'] ?? null ) ? $fields['name'] : '?',
			'removed' === ( $fields['action'] ?? null ) ? 'removed' : 'set',
			0 === $user->ID ? 'nobody logged in' : $user->user_login
		);
	}

	/**
	 * @param array<string, mixed> $fields
	 */
	private static function release_message( array $fields ): string {
		$count = static fn ( string $key ): int => is_numeric( $fields[ $key ] ?? null ) ? (int) $fields[ $key ] : 0;
		$user  = wp_get_current_user();
		// The person's note, as they wrote it (data.note too): whoever shows it escapes it.
		$note = is_string( $fields['note'] ?? null ) ? sprintf( ': "%s"', $fields['note'] ) : '';
		return sprintf(
			'%s by %s: release %d, %d %s (%d added, %d changed, %d removed)%s',
			is_string( $fields['kind'] ?? null ) ? $fields['kind'] : 'release',
			0 === $user->ID ? 'nobody logged in' : $user->user_login,
			$count( 'release' ),
			$count( 'files' ),
			1 === $count( 'files' ) ? 'file' : 'files',
			$count( 'added' ),
			$count( 'changed' ),
			$count( 'removed' ),
			$note
		);
	}
}
