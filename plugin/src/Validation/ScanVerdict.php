<?php
/**
 * What the lexical checks of one content said, kept with the content so that a later write of the
 * same bytes under the same rules need not scan them again.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * A content that passed the per-file checks (strict_types, one route class, the attributes' rules)
 * is stored with the names it declares, under the key of the rules that checked it (CheckKey). Those
 * checks read nothing but the bytes, so the same bytes under the same key pass again with the same
 * names: a rollback of a thousand files then scans none. What depends on more than the bytes (the
 * slug, the size limit, the other files' names and routes, the site's classes) is checked every time.
 * The verdict comes back from the database: anything but the exact shape written is no verdict.
 *
 * @phpstan-import-type Names from RouteRules
 */
final class ScanVerdict {

	/**
	 * The verdict to store; null when the names cannot be written as JSON (PHP names may hold bytes
	 * that are not UTF-8): such a content is simply scanned every time.
	 *
	 * @param Names $names
	 */
	public static function encode( string $key, array $names ): ?string {
		// Plain json_encode: wp_json_encode() would replace invalid bytes, and a name read back
		// otherwise than it was declared would check clashes against another name.
		$json = json_encode( // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
			array(
				'key'   => $key,
				'names' => $names,
			),
			JSON_UNESCAPED_SLASHES
		);
		return false === $json ? null : $json;
	}

	/**
	 * The names of a content whose verdict was given under $key; null when there is none, or it was
	 * given under other rules, or it is not a verdict this class wrote.
	 *
	 * @return Names|null
	 */
	public static function decode( ?string $stored, string $key ): ?array {
		$verdict = null === $stored ? null : json_decode( $stored, true );
		if ( ! is_array( $verdict ) || ( $verdict['key'] ?? null ) !== $key || ! is_array( $verdict['names'] ?? null ) ) {
			return null;
		}
		$names = $verdict['names'];
		$class = $names['class'] ?? null;
		if ( ! is_string( $class ) || '' === $class || ! self::strings( $names['others'] ?? null, true ) || ! self::strings( $names['functions'] ?? null, false ) || 3 !== count( $names ) ) {
			return null;
		}
		/** @var array<string, string> $others */
		$others = $names['others'];
		/** @var list<string> $functions */
		$functions = $names['functions'];
		return array(
			'class'     => $class,
			'others'    => $others,
			'functions' => $functions,
		);
	}

	/**
	 * A list of non-empty strings, or (with $keyed) a map of non-empty strings to non-empty strings.
	 */
	private static function strings( mixed $value, bool $keyed ): bool {
		if ( ! is_array( $value ) || ( ! $keyed && ! array_is_list( $value ) ) ) {
			return false;
		}
		$names = $keyed ? array_keys( $value ) : array();
		foreach ( array_merge( array_values( $value ), $names ) as $name ) {
			if ( ! is_string( $name ) || '' === $name ) {
				return false;
			}
		}
		return true;
	}
}
