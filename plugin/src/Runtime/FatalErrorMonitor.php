<?php
/**
 * Notices the fatal errors PHP cannot catch while svc is loading a file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * Some errors end the process instead of throwing (e.g. redeclaring a function). Before requiring a
 * route file svc says what it is loading; if the request dies meanwhile, the shutdown handler
 * records it, so the next request skips that file instead of dying again.
 */
final class FatalErrorMonitor {

	private const FATAL = E_ERROR | E_PARSE | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR;

	/** @var (callable(string): void)|null */
	private $on_fatal = null;
	private bool $registered = false;

	/**
	 * @param callable(string): void $on_fatal Receives the error text if the process dies before clear().
	 */
	public function watch( callable $on_fatal ): void {
		if ( ! $this->registered ) {
			register_shutdown_function( array( $this, 'on_shutdown' ) );
			$this->registered = true;
		}
		$this->on_fatal = $on_fatal;
	}

	public function clear(): void {
		$this->on_fatal = null;
	}

	/**
	 * @internal Shutdown handler.
	 */
	public function on_shutdown(): void {
		$error = error_get_last();
		if ( null === $this->on_fatal || null === $error || 0 === ( $error['type'] & self::FATAL ) ) {
			return;
		}
		$callback       = $this->on_fatal;
		$this->on_fatal = null;
		$callback( sprintf( 'PHP Fatal error: %s in %s on line %d', $error['message'], basename( $error['file'] ), $error['line'] ) );
	}
}
