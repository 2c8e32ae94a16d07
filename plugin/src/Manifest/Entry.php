<?php
/**
 * One route file as the manifest knows it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Contracts\RouteContract;
use Svc\Scanning\PolicyReader;
use Svc\Scanning\ScanResult;
use Svc\Scanning\ScheduleReader;

/**
 * The one shape of a manifest entry, made only here. Entries are plain arrays (the manifest cache
 * is a PHP literal that opcache keeps in shared memory); every class that reads one imports the
 * shape (`@phpstan-import-type EntryData from Entry`), so PHPStan checks each key it reads.
 *
 * @phpstan-type Boot array{kind: string, message: string}
 * @phpstan-type Stat array{path: string, size: int, stamp: string, link?: bool}
 * @phpstan-type EntryData array{
 *   path: string, stamp: string, size: int, hash: string|null, class: string|null,
 *   verbs: list<string>, headers: bool, permission: bool, public: list<string>, functions: list<string>,
 *   others: array<string, string>, closed: bool, scan_error: string|null, error: string|null,
 *   boot: Boot|null, booted: bool, oversize: bool, link: bool, contract: StoredContract|null,
 *   cache?: CachePolicy|null, rate?: array<string, RatePolicy>, schedules?: list<SchedulePolicy>
 * }
 * @phpstan-import-type CachePolicy from PolicyReader
 * @phpstan-import-type StoredContract from RouteContract
 * @phpstan-import-type RatePolicy from PolicyReader
 * @phpstan-import-type SchedulePolicy from ScheduleReader
 */
final class Entry {

	/**
	 * A file that passed its own checks (RouteRules::own), with what the scan learned of it.
	 *
	 * @param Stat $stat
	 * @return EntryData
	 */
	public static function scanned( array $stat, string $hash, ScanResult $result ): array {
		$policies = $result->policies();
		return array(
			'class'      => $result->classes[0] ?? null,
			'verbs'      => $result->verbs(),
			'headers'    => $result->has_public_method( 'headers' ),
			'permission' => $result->has_public_method( 'permission' ),
			'public'     => $result->public_verbs(),
			'functions'  => $result->functions,
			// Names that clash like the class's (RouteRules): checked against the other files of a release.
			'others'     => $result->others,
			// Every verb is closed by the default check, which can be made without loading the file.
			'closed'     => $result->closed_by_default(),
			// Schemas per verb (Contracts\RouteContract), read from the file's literals. Docblocks are
			// left out: only the OpenAPI document shows them (it scans the file again), and a long one
			// would weigh on every manifest read.
			'contract'   => RouteContract::without_docs( $result->contract ),
			// #[Cache] of GET and #[RateLimit] per verb (PolicyReader). Optional keys: a manifest
			// cached before they existed has neither, which means no cache and no limit.
			'cache'      => $policies['cache'],
			'rate'       => $policies['rate'],
			// #[Schedule] methods (ScheduleReader), registered with WP-Cron while their release is active.
			'schedules'  => $result->schedules()['schedules'],
		) + self::failed( $stat, $hash, null );
	}

	/**
	 * A file skipped for a reason of its own (null: none yet, see scanned()).
	 *
	 * @param Stat $stat
	 * @return EntryData
	 */
	public static function failed( array $stat, ?string $hash, ?string $reason ): array {
		return array(
			'path'       => $stat['path'],
			'stamp'      => $stat['stamp'],
			'size'       => $stat['size'],
			'hash'       => $hash,
			'class'      => null,
			'verbs'      => array(),
			'headers'    => false,
			'permission' => false,
			'public'     => array(),
			'functions'  => array(),
			'others'     => array(),
			'closed'     => false,
			// The file's own problem; `error` adds those that involve other files (ManifestBuilder).
			'scan_error' => $reason,
			'error'      => $reason,
			// What happened the last time the file was loaded at this stamp; null until it is.
			'boot'       => null,
			'booted'     => false,
			// Over the size limit: never read, not listed with contents nor pulled.
			'oversize'   => false,
			// A symbolic link: listed, never read or followed.
			'link'       => ! empty( $stat['link'] ),
			'contract'   => null,
		);
	}

	/**
	 * @param Stat $stat
	 * @return EntryData
	 */
	public static function oversize( array $stat, string $reason ): array {
		return array( 'oversize' => true ) + self::failed( $stat, null, $reason );
	}

	/**
	 * The reason the file is skipped, or null when it may be served.
	 *
	 * @param EntryData $entry
	 */
	public static function failure( array $entry ): ?string {
		return $entry['error'] ?? ( $entry['boot']['message'] ?? null );
	}
}
