<?php
/**
 * svc's log lines.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Support;

use Svc\Storage\Guard;

/**
 * Every line about route files starts with `Svc api/:`, so a site owner can grep the debug log.
 */
final class Log {

	public const PREFIX = 'Svc api/: ';

	public static function api( string $message ): void {
		error_log( self::PREFIX . $message ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions -- the log is the product here.
	}

	/**
	 * The one line logged when a route file is skipped, at build or at boot.
	 */
	public static function skipped( string $slug, string $reason ): void {
		self::api( sprintf( '%s.php skipped: %s', $slug, $reason ) );
		\Svc\Events\Emit::event(
			'load_failed',
			array(
				'slug'    => $slug,
				'message' => $reason,
			)
		);
	}

	/**
	 * `TypeError: … in hello.php on line 7`, lines as the author numbered them.
	 */
	public static function describe( \Throwable $error ): string {
		return sprintf( '%s: %s in %s on line %d', get_class( $error ), Guard::author_text( $error->getMessage() ), basename( $error->getFile() ), Guard::author_line( $error->getFile(), $error->getLine() ) );
	}
}
