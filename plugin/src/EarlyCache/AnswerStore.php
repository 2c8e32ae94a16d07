<?php
/**
 * Where the early cache keeps answers.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * The persistent object cache when the site has one (shared by every web node), else a local disk
 * store. Values are StoredAnswer's strings; a store never interprets them.
 */
interface AnswerStore {

	/** The stored value, or null when there is none (or it outlived its lifetime). */
	public function get( string $key ): ?string;

	/** Keeps a value for at most `$seconds`; false when it could not be kept (nothing half-written). */
	public function put( string $key, string $value, int $seconds ): bool;

	/** Takes the lock named `$key` for at most `$seconds`, atomically: true for exactly one caller. */
	public function lock( string $key, int $seconds ): bool;

	/** Gives a lock back. */
	public function unlock( string $key ): void;

	/** True when every web node reads the same store (a persistent object cache). */
	public function shared(): bool;

	/** Adds one to the counter `$key`; a count that fails is lost, never an error (hits and misses). */
	public function increment( string $key ): void;

	/** The counter `$key`; 0 when there is none. */
	public function counter( string $key ): int;
}
