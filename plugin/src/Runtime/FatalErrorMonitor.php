<?php
/**
 * Notices the fatal errors PHP cannot catch while svc is loading a file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Events\Emit;
use Svc\Storage\Guard;

/**
 * Some errors end the process instead of throwing (e.g. redeclaring a function). Before requiring a
 * route file svc says what it is loading; if the request dies meanwhile, the shutdown handler
 * records it, so the next request skips that file instead of dying again.
 *
 * Loads nest: a route file naming another's class (`extends`, a top-level call) makes the route-class
 * autoloader load the other one in the middle of its own require. What is being loaded is therefore a
 * stack, and the file blamed is the innermost one still loading: the one whose code PHP was running
 * (or linking) when it died. A file that finished loading inside another is no longer on the stack,
 * so it is not blamed for what the outer file does next.
 *
 * A verb running (run() … ran()) is watched too: a fatal error there (memory exhausted, time out)
 * is answered and recorded as RouteError says, and the file is not skipped, since loading it worked.
 */
final class FatalErrorMonitor {

	private const FATAL = E_ERROR | E_PARSE | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR;

	/** A character of a path in PHP's messages: not what PHP puts after one (`:12`, `)`, a quote, a space). */
	private const PATH_CHAR = '[^\s\'"():,]';

	/**
	 * What is being loaded, outermost first.
	 *
	 * @var list<array{subject: string, root: string, on_fatal: callable(string): void, buffer_level: int}>
	 */
	private array $watched = array();
	/** @var array{subject: string, root: string, on_fatal: callable(string): void, buffer_level: int}|null The file blamed. */
	private ?array $blamed    = null;
	private int $buffer_level = 0;
	private ?string $reason   = null;
	private bool $registered  = false;
	/**
	 * Verbs running, outermost first (a verb may issue a request of its own).
	 *
	 * @var list<array{slug: string, verb: string, path: string, buffer_level: int}>
	 */
	private array $running = array();
	/** Whether the fatal error struck while a verb ran rather than while a file loaded. */
	private bool $in_verb = false;

	/**
	 * Says what is being loaded until the matching clear(); calls nest.
	 *
	 * @param string                 $subject  What is being loaded, as the answer names it (`users/[id].php`).
	 * @param callable(string): void $on_fatal Receives the error text if the process dies before clear().
	 * @param string                 $path     The file's path on the server, if it is a route file: what
	 *                                         precedes $subject in it is the directory route files are
	 *                                         named from (answers to others than administrators name a
	 *                                         route file by its slug, not its path).
	 */
	public function watch( string $subject, callable $on_fatal, string $path = '' ): void {
		$this->register();
		$root            = str_ends_with( $path, '/' . $subject ) ? substr( $path, 0, -strlen( $subject ) ) : '';
		$this->watched[] = array(
			'subject'      => $subject,
			'root'         => $root,
			'on_fatal'     => $on_fatal,
			'buffer_level' => ob_get_level(),
		);
	}

	/**
	 * Ends the innermost watch(): that file has finished loading (or failed in a way PHP could catch).
	 */
	public function clear(): void {
		array_pop( $this->watched );
	}

	/**
	 * Says that a route's verb runs until the matching ran(); calls nest.
	 *
	 * @param string $path The route file's path on the server.
	 */
	public function run( string $slug, string $verb, string $path ): void {
		$this->register();
		$this->running[] = array(
			'slug'         => $slug,
			'verb'         => $verb,
			'path'         => $path,
			'buffer_level' => ob_get_level(),
		);
	}

	/**
	 * Ends the innermost run().
	 */
	public function ran(): void {
		array_pop( $this->running );
	}

	private function register(): void {
		if ( $this->registered ) {
			return;
		}
		register_shutdown_function( array( $this, 'on_shutdown' ) );
		// WordPress's fatal error handler runs first and asks these filters before it answers.
		add_filter( 'wp_php_error_message', array( $this, 'filter_message' ), 100, 2 );
		add_filter( 'wp_php_error_args', array( $this, 'filter_args' ), 100, 2 );
		$this->registered = true;
	}

	/**
	 * @internal Filter: WordPress is about to answer a fatal error with its generic page.
	 *
	 * Other code's filters may pass anything, hence mixed.
	 *
	 * @param mixed $message The message WordPress would show.
	 * @param mixed $error   From error_get_last().
	 */
	public function filter_message( mixed $message, mixed $error ): mixed {
		if ( null === $this->take_over( is_array( $error ) ? $error : null ) ) {
			return $message;
		}
		$this->discard_output();
		if ( ! headers_sent() && ! $this->in_verb ) {
			header( 'Retry-After: 0' );
		}
		// The answer of a REST request is JSON whatever the client's Accept header says.
		add_filter( 'wp_die_handler', static fn (): string => '_json_wp_die_handler', 100 );
		return $this->message();
	}

	/**
	 * @internal Filter: the status and code of WordPress's fatal error answer.
	 *
	 * @param mixed $args  wp_die() arguments.
	 * @param mixed $error From error_get_last().
	 */
	public function filter_args( mixed $args, mixed $error ): mixed {
		unset( $error );
		if ( null === $this->reason || ! is_array( $args ) ) {
			return $args;
		}
		return array_merge(
			$args,
			array(
				'response' => $this->status(),
				'code'     => $this->code(),
			)
		);
	}

	/**
	 * @internal Shutdown handler, for when WordPress's fatal error handler is off.
	 */
	public function on_shutdown(): void {
		if ( null === $this->take_over( error_get_last() ) ) {
			return;
		}
		$this->discard_output();
		if ( headers_sent() ) {
			return;
		}
		http_response_code( $this->status() );
		header( 'Content-Type: application/json; charset=UTF-8' );
		if ( ! $this->in_verb ) {
			header( 'Retry-After: 0' );
		}
		echo wp_json_encode(
			array(
				'code'    => $this->code(),
				'message' => $this->message(),
				'data'    => array( 'status' => $this->status() ),
			)
		);
	}

	/**
	 * Records a fatal error that struck while a file was being loaded (once), and returns its text.
	 *
	 * @param array<string, mixed>|null $error
	 */
	private function take_over( ?array $error ): ?string {
		if ( null !== $this->reason ) {
			return $this->reason;
		}
		if ( null === $error || 0 === ( (int) $error['type'] & self::FATAL ) ) {
			return null;
		}
		if ( array() === $this->watched ) {
			return $this->take_over_verb( $error );
		}
		// The innermost file is the one PHP was loading; the output of every load in progress goes.
		$this->blamed       = $this->watched[ count( $this->watched ) - 1 ];
		$this->buffer_level = $this->watched[0]['buffer_level'];
		$this->reason       = sprintf( 'PHP Fatal error: %s in %s on line %d', Guard::author_text( (string) $error['message'] ), basename( (string) $error['file'] ), Guard::author_line( (string) $error['file'], (int) $error['line'] ) );
		( $this->blamed['on_fatal'] )( $this->reason );
		Emit::event( 'boot_fatal', array( 'slug' => preg_replace( '/\.php$/', '', (string) $this->blamed['subject'] ), 'message' => $this->reason ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one line, so edits around it stay small.
		return $this->reason;
	}

	/**
	 * Records a fatal error that struck while a verb ran, and returns the text of the answer.
	 *
	 * @param array<string, mixed> $error
	 */
	private function take_over_verb( array $error ): ?string {
		if ( array() === $this->running ) {
			return null;
		}
		$running            = $this->running[ count( $this->running ) - 1 ];
		$this->buffer_level = $this->running[0]['buffer_level'];
		$this->in_verb      = true;
		$this->reason       = RouteError::from_fatal( $error, $running['slug'], $running['verb'], $running['path'] );
		return $this->reason;
	}

	private function code(): string {
		return $this->in_verb ? RouteError::CODE : 'svc_boot_fatal';
	}

	private function status(): int {
		return $this->in_verb ? RouteError::STATUS : 503;
	}

	/**
	 * The request cannot be finished, but it can say what happened: the file is skipped from now on,
	 * so the same request made again succeeds (without that file). Clients retry on `svc_boot_fatal`.
	 *
	 * PHP's text may name files by their path on the server (`previously declared in /…/functions.php:12`):
	 * only administrators, who can read the log and the listing anyway, get it as is.
	 */
	private function message(): string {
		if ( $this->in_verb ) {
			// RouteError's text, already fit for this caller.
			return (string) $this->reason;
		}
		$subject = (string) ( $this->blamed['subject'] ?? '' );
		$reason  = (string) $this->reason;
		if ( ! self::caller_is_administrator() ) {
			$reason = $this->without_paths( $reason );
		}
		return sprintf(
			/* translators: 1: file name, 2: PHP's error message */
			__( '%1$s stopped PHP while it was loading, so this request could not finish. The file is skipped from now on; repeat the request. (%2$s)', 'svc' ),
			$subject,
			$reason
		);
	}

	/**
	 * Whether the request is an administrator's, as the management endpoints require. Asked only once
	 * WordPress has settled who the caller is (a REST request has, before svc loads any file): asking
	 * earlier would authenticate from inside a dying process, so the answer is then the cautious one.
	 * Also who may read PHP's text when a verb fails (RouteError).
	 */
	public static function caller_is_administrator(): bool {
		return function_exists( 'current_user_can' ) && did_action( 'set_current_user' ) > 0
			&& current_user_can( Authorizer::DEFAULT_CAPABILITY );
	}

	/**
	 * $text with no path on the server: a route file is named by its slug (`users/[id].php`), any other
	 * file by its basename (`functions.php`).
	 */
	private function without_paths( string $text ): string {
		// Directories known by name first, so that one with a space in it goes whole.
		$prefixes = array();
		foreach ( $this->watched as $watched ) {
			if ( '' !== $watched['root'] ) {
				$prefixes[ $watched['root'] ] = true;
			}
		}
		foreach ( array( ABSPATH, WP_CONTENT_DIR . '/' ) as $directory ) {
			$prefixes[ $directory ] = false;
		}
		foreach ( $prefixes as $prefix => $is_root ) {
			$real = realpath( (string) $prefix );
			if ( false !== $real ) {
				$prefixes[ rtrim( $real, '/\\' ) . '/' ] ??= $is_root;
			}
		}
		// A site installed at the file system's root: the pattern below does that job without cutting slugs.
		unset( $prefixes['/'] );
		// Longest first: the route files' directory is inside wp-content/, which is usually inside ABSPATH.
		uksort( $prefixes, static fn ( $a, $b ): int => strlen( (string) $b ) <=> strlen( (string) $a ) );
		foreach ( $prefixes as $prefix => $is_root ) {
			$text = (string) preg_replace_callback(
				'~' . preg_quote( (string) $prefix, '~' ) . '(' . self::PATH_CHAR . '*)~',
				static fn ( array $found ): string => $is_root ? $found[1] : basename( $found[1] ),
				$text
			);
		}
		// Any other absolute path (Unix, or a Windows drive), also in a list (`include_path='.:/usr/…'`).
		// The lookbehind keeps slugs (`users/[id].php`) and namespaced names (`Acme\Greeter`) intact.
		return (string) preg_replace_callback(
			'~(?<![^\s\'"(=:])((?:/|[A-Za-z]:[\\\\/])' . self::PATH_CHAR . '*)~',
			static fn ( array $found ): string => basename( str_replace( '\\', '/', $found[1] ) ),
			$text
		);
	}

	private function discard_output(): void {
		while ( ob_get_level() > $this->buffer_level ) {
			ob_end_clean();
		}
	}
}
