<?php
/**
 * The parts of a manifest store that write.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

/**
 * Built when a request first writes (a rebuild, a boot record, a fact), so that a request serving a
 * route from a fresh manifest, which only reads, builds none of them (ManifestStore).
 */
final class ManifestWriters {

	public function __construct(
		public readonly ManifestBuilder $builder,
		public readonly BootRecords $boot_records,
		public readonly MetaStore $meta,
		public readonly BootLock $lock,
	) {
	}
}
