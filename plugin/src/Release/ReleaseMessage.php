<?php
/**
 * The note a person leaves on a release ("fix the webhook signature").
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * A message is whatever the client sent: bounded so a listing stays small, refused when it is not
 * text a database column and a JSON answer carry unchanged. Everything that shows it escapes it
 * (esc_html, the CLI's terminal text): control characters are kept here, neutralized there.
 */
final class ReleaseMessage {

	public const MAX_CHARS = 500;

	/**
	 * Why $value cannot be a release's message, or null when it can (null and '' mean none).
	 */
	public static function problem( mixed $value ): ?string {
		if ( null === $value ) {
			return null;
		}
		if ( ! is_string( $value ) ) {
			return __( 'message must be a string.', 'svc' );
		}
		if ( 1 !== preg_match( '//u', $value ) ) {
			return __( 'message must be UTF-8 text.', 'svc' );
		}
		if ( mb_strlen( $value, 'UTF-8' ) > self::MAX_CHARS ) {
			/* translators: %d: the most characters a release message may have */
			return sprintf( __( 'message must be at most %d characters.', 'svc' ), self::MAX_CHARS );
		}
		return null;
	}

	/**
	 * The message to store: trimmed, null when empty. Call after problem() said it is fine.
	 */
	public static function normalize( mixed $value ): ?string {
		$text = is_string( $value ) ? trim( $value ) : '';
		return '' === $text ? null : $text;
	}
}
