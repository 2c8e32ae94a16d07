<?php
/**
 * Where the sealed secrets are kept.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

/**
 * The records, name => record; OptionSlot on a site, an array in the unit tests.
 */
interface Slot {

	/**
	 * What is stored, unchecked: the option may hold anything a plugin or an import put there.
	 *
	 * @return array<array-key, mixed>
	 */
	public function read(): array;

	/**
	 * Replaces the records with $change's result, with no other writer in between.
	 *
	 * @param callable(array<array-key, mixed>): array<array-key, mixed> $change
	 */
	public function change( callable $change ): void;
}
