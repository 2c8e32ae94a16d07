<?php
/**
 * A store made when first used.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

use Closure;

/**
 * The early entry point runs for every request WordPress serves, pages included, but needs the store
 * only for a cached route: starting the object cache (a connection to Redis) for a page that
 * WordPress will start it for again would cost every page a second connection.
 */
final class LazyStore implements AnswerStore {

	private ?AnswerStore $store = null;

	/**
	 * @param Closure(): AnswerStore $make
	 */
	public function __construct( private readonly Closure $make ) {
	}

	public function get( string $key ): ?string {
		return $this->store()->get( $key );
	}

	public function put( string $key, string $value, int $seconds ): bool {
		return $this->store()->put( $key, $value, $seconds );
	}

	public function lock( string $key, int $seconds ): bool {
		return $this->store()->lock( $key, $seconds );
	}

	public function unlock( string $key ): void {
		$this->store()->unlock( $key );
	}

	public function shared(): bool {
		return $this->store()->shared();
	}

	public function increment( string $key ): void {
		$this->store()->increment( $key );
	}

	public function counter( string $key ): int {
		return $this->store()->counter( $key );
	}

	private function store(): AnswerStore {
		return $this->store ??= ( $this->make )();
	}
}
