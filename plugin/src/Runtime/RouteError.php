<?php
/**
 * What a route whose verb failed answers, and what svc records of it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Events\Emit;
use Svc\Storage\Guard;
use Throwable;
use WP_Error;

/**
 * A verb that throws, or stops PHP, is answered with JSON (`svc_route_error`, 500) instead of
 * WordPress's HTML critical error page, and recorded as a `route_error` event with the file and line
 * as the author numbered them. PHP's own text may name paths and values on the server: only
 * administrators get it in the answer; everyone else is told where an administrator can read it.
 *
 * Nothing is skipped: the route stays served, as the next request may succeed.
 */
final class RouteError {

	public const CODE   = 'svc_route_error';
	public const STATUS = 500;

	/**
	 * @param string $slug The route file's slug.
	 * @param string $verb The verb that ran (`get`).
	 * @param string $path The route file's path on the server, to name it by its slug.
	 */
	public static function from_throwable( Throwable $error, string $slug, string $verb, string $path ): WP_Error {
		$file = self::file_name( $error->getFile(), $slug, $path );
		$line = Guard::author_line( $error->getFile(), $error->getLine() );
		$text = sprintf( '%s: %s in %s on line %d', get_class( $error ), Guard::author_text( $error->getMessage() ), $file, $line );
		self::record( $slug, $verb, $text, $file, $line, get_class( $error ) );
		return new WP_Error( self::CODE, self::message( $slug, $verb, $text ), array( 'status' => self::STATUS ) );
	}

	/**
	 * Records a fatal error that stopped PHP while the verb ran (from error_get_last()) and returns
	 * the text of the answer.
	 *
	 * @param array<string, mixed> $error
	 */
	public static function from_fatal( array $error, string $slug, string $verb, string $path ): string {
		$file = self::file_name( (string) $error['file'], $slug, $path );
		$line = Guard::author_line( (string) $error['file'], (int) $error['line'] );
		$text = sprintf( 'PHP Fatal error: %s in %s on line %d', Guard::author_text( (string) $error['message'] ), $file, $line );
		self::record( $slug, $verb, $text, $file, $line, 'fatal' );
		return self::message( $slug, $verb, $text );
	}

	private static function record( string $slug, string $verb, string $text, string $file, int $line, string $kind ): void {
		// PHP would have logged an uncaught error; it is caught now, so the server's log still gets it
		// (not as an `Svc api/:` line: the file is not skipped).
		error_log( sprintf( 'PHP %s (%s of %s.php, answered with %s)', $text, strtoupper( $verb ), $slug, self::CODE ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions -- the server's log is where PHP's errors go.
		Emit::event(
			'route_error',
			array(
				'slug'    => $slug,
				'message' => sprintf( '%s failed: %s', strtoupper( $verb ), $text ),
				'verb'    => strtoupper( $verb ),
				'file'    => $file,
				'line'    => $line,
				'error'   => $kind,
			)
		);
	}

	private static function message( string $slug, string $verb, string $text ): string {
		if ( FatalErrorMonitor::caller_is_administrator() ) {
			/* translators: 1: route file, 2: HTTP verb, 3: PHP's error message */
			return sprintf( __( '%1$s failed while answering %2$s: %3$s', 'svc' ), $slug . '.php', strtoupper( $verb ), $text );
		}
		/* translators: %s: route file */
		return sprintf( __( '%s failed while answering this request. An administrator can see why in svc\'s events (svc api logs).', 'svc' ), $slug . '.php' );
	}

	/**
	 * The route file by its slug (`users/[id].php`), any other file by its base name: no path on the
	 * server, in the answer or in the event.
	 */
	private static function file_name( string $file, string $slug, string $path ): string {
		if ( '' !== $path && ( $file === $path || realpath( $file ) === realpath( $path ) ) ) {
			return $slug . '.php';
		}
		return basename( $file );
	}
}
