<?php
/**
 * One route file as the manifest knows it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

/**
 * Builds and reads the plain arrays stored in the manifest cache (arrays, so the cache file is a PHP
 * literal that opcache keeps in shared memory).
 *
 * @phpstan-type EntryData array{
 *   path: string, stamp: string, size: int, hash: string|null, class: string|null,
 *   verbs: list<string>, headers: bool, permission: bool, public: list<string>, functions: list<string>, others: array<string, string>, closed: bool,
 *   error: string|null, boot: array{kind: string, message: string}|null, booted: bool,
 *   contract: array<string, mixed>|null
 * }
 */
final class Entry {

	/**
	 * @param list<string>       $public Lowercase verbs the lexical rule finds public.
	 * @param list<string>       $verbs  Lowercase verbs implemented by public methods.
	 * @param list<string>       $functions Functions the file declares at its top level.
	 * @param bool               $closed    ScanResult::closed_by_default().
	 * @param array<string, string> $others Interfaces, traits and enums the file declares: name => kind.
	 * @param array<string, mixed>|null $contract ScanResult::$contract: schemas and docblocks per verb.
	 * @return EntryData
	 */
	public static function make(
		string $path,
		string $stamp,
		int $size,
		?string $hash,
		?string $class_name = null,
		array $verbs = array(),
		bool $headers = false,
		bool $permission = false,
		array $public = array(),
		?string $error = null,
		array $functions = array(),
		bool $closed = false,
		array $others = array(),
		?array $contract = null
	): array {
		return array(
			'path'       => $path,
			'stamp'      => $stamp,
			'size'       => $size,
			'hash'       => $hash,
			'class'      => $class_name,
			'verbs'      => $verbs,
			'headers'    => $headers,
			'permission' => $permission,
			'public'     => $public,
			'functions'  => $functions,
			// Names that clash like the class's (RouteRules): checked against the other files of a release.
			'others'     => $others,
			// Every verb is closed by the default check, which can be made without loading the file.
			'closed'     => $closed,
			'error'      => $error,
			// What happened the last time the file was loaded at this stamp; null until it is.
			'boot'       => null,
			'booted'     => false,
			// Argument and response schemas, docblocks (Contracts\RouteContract reads it).
			'contract'   => $contract,
		);
	}

	/**
	 * The reason the file is skipped, or null when it may be served.
	 *
	 * @param array<string, mixed> $entry An EntryData, as read back from the manifest.
	 */
	public static function failure( array $entry ): ?string {
		return $entry['error'] ?? ( $entry['boot']['message'] ?? null );
	}
}
