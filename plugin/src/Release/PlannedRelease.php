<?php
/**
 * A release as planned, before anything is written.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * The file set a change leads to and how it differs from the served one. Immutable; what the
 * deployer carries out under the write lock, and what a dry run answers.
 *
 * @phpstan-type Plan array{added: list<string>, changed: list<string>, removed: list<string>}
 */
final class PlannedRelease {

	/**
	 * @param array<string, string> $files             Slug => content hash: the whole new set.
	 * @param Plan                  $plan              Slugs added, changed and removed, each sorted.
	 * @param string                $kind              The ReleaseKind it is recorded as.
	 * @param bool                  $drifted_elsewhere Another node serves files that differ from the active release.
	 */
	public function __construct(
		public readonly array $files,
		public readonly array $plan,
		public readonly string $kind,
		private readonly bool $drifted_elsewhere,
	) {
	}

	/**
	 * Nothing to write: the same set, served as it is by every node. Otherwise even the same set is a
	 * release (an empty plan), so that every node rebuilds its copy and serves exactly this set again.
	 */
	public function nothing_to_do(): bool {
		return array() === array_merge( ...array_values( $this->plan ) ) && ! $this->drifted_elsewhere;
	}

	/**
	 * The slugs whose bytes the release needs (added or changed).
	 *
	 * @return list<string>
	 */
	public function new_slugs(): array {
		return array_merge( $this->plan['added'], $this->plan['changed'] );
	}

	/**
	 * The contents those need, each once.
	 *
	 * @return list<string>
	 */
	public function wanted(): array {
		return array_values( array_unique( array_map( fn ( string $slug ): string => $this->files[ $slug ], $this->new_slugs() ) ) );
	}

	/**
	 * Slug => hash of the files carried over as they are served.
	 *
	 * @return array<string, string>
	 */
	public function carried(): array {
		return array_diff_key( $this->files, array_flip( $this->new_slugs() ) );
	}
}
