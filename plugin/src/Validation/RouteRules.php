<?php
/**
 * The rules a route file must meet, for push and boot alike.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

use Svc\Routing\Slug;
use Svc\Scanning\PolicyAttributes;
use Svc\Scanning\ScanResult;

/**
 * One rule set, used by PushValidator (a file failing one is refused) and by the manifest and the
 * route loader (a file failing one is skipped), worded by Reasons, so a push never accepts what
 * boot would skip.
 *
 * A route file declares exactly one instantiable class. Every other name it declares that PHP keeps
 * in a table (interface, trait, enum: the class table; top-level function: the function table) must
 * be free like the class's: redeclaring one is a fatal error PHP cannot catch.
 *
 * @phpstan-type Problem array{code: string, message: string}
 * @phpstan-type Names array{class: string|null, others: array<string, string>, functions: list<string>}
 * @phpstan-type Deployed array{class: string|null, others: array<string, string>, functions: list<string>, size: int}
 *   What the checks read of a deployed file's manifest entry (Manifest\Entry's EntryData has these
 *   keys and more): named here, so that the checks stand below the manifest that runs them.
 */
final class RouteRules {

	/**
	 * What the file's own tokens break (nothing about other files or the site).
	 *
	 * @return list<Problem>
	 */
	public static function own( ScanResult $scan ): array {
		if ( null !== $scan->parse_error ) {
			return array( self::problem( 'svc_syntax_error', $scan->parse_error ) );
		}
		if ( null !== $scan->too_many_attributes ) {
			// The scan kept none past the limit: nothing else it says of the file can be trusted.
			return array( self::problem( 'svc_too_many_attributes', $scan->too_many_attributes ) );
		}
		if ( 1 !== count( $scan->classes ) ) {
			return array( self::problem( 'svc_class_count', Reasons::class_count( $scan->classes ) ) );
		}
		$problems = array();
		if ( $scan->abstract ) {
			$problems[] = self::problem( 'svc_abstract_class', Reasons::abstract_class( $scan->classes[0] ) );
		}
		// One problem for every way Permission cannot be read as PHP reads it, so push and boot
		// agree with the CLI's local check on a single svc_bad_permission.
		$permission = array_map( array( Reasons::class, 'permission_fault' ), $scan->permission_faults() );
		$unknown    = $scan->unknown_permission_arguments();
		if ( array() !== $unknown ) {
			array_unshift( $permission, Reasons::bad_permission( $unknown ) );
		}
		if ( array() !== $permission ) {
			$problems[] = self::problem( 'svc_bad_permission', implode( '; ', $permission ) );
		}
		if ( array() !== $scan->contract_problems ) {
			// WordPress would validate nothing (or the wrong thing) with such a schema.
			$problems[] = self::problem( 'svc_bad_schema', Reasons::bad_schema( $scan->contract_problems ) );
		}
		// A value svc cannot read exactly would cache, limit or schedule what the author did not mean.
		$policies = $scan->policy_problems();
		foreach ( PolicyAttributes::ALL as $descriptor ) {
			$found = $policies[ $descriptor['name'] ] ?? array();
			if ( array() !== $found ) {
				$problems[] = self::problem( $descriptor['code'], Reasons::bad_policy( $descriptor['name'], $found ) );
			}
		}
		return $problems;
	}

	/**
	 * What a push refuses about the file's `declare(strict_types=1);` (the site still serves a file
	 * placed without it, as PHP would run it). A file PHP cannot parse is told so instead, unless the
	 * declare is missing or repeated, which the raw text shows either way.
	 *
	 * @return list<Problem>
	 */
	public static function strict_types( ScanResult $scan ): array {
		if ( null !== $scan->parse_error && 1 === $scan->strict_types_count ) {
			return array();
		}
		$reason = Reasons::strict_types( $scan->strict_types_count, $scan->strict_types_place );
		return null === $reason ? array() : array( self::problem( 'svc_strict_types', $reason ) );
	}

	/**
	 * The names a file declares, as the manifest records them.
	 *
	 * @return Names
	 */
	public static function names( ScanResult $scan ): array {
		return array(
			'class'     => $scan->classes[0] ?? null,
			'others'    => $scan->others,
			'functions' => $scan->functions,
		);
	}

	/**
	 * Names checked against the other route files of the set. The file claims its names only when
	 * none is taken (a file that fails owns nothing).
	 *
	 * @param Names                 $names
	 * @param array<string, string> $owners In/out: `type:`/`function:` + lowercase name => slug.
	 * @return list<Problem>
	 */
	public static function clashes( string $slug, array $names, array &$owners ): array {
		$problems = array();
		$keys     = array();
		foreach ( self::symbols( $names ) as list( $kind, $name, $key ) ) {
			if ( isset( $owners[ $key ] ) && $owners[ $key ] !== $slug ) {
				$problems[] = self::problem( self::code( $kind ), Reasons::name_in_route_file( $kind, $name, $owners[ $key ] ) );
			} else {
				$keys[] = $key;
			}
		}
		if ( array() === $problems ) {
			foreach ( $keys as $key ) {
				$owners[ $key ] = $slug;
			}
		}
		return $problems;
	}

	/**
	 * Names checked against WordPress core and active plugins (their classes, autoloaded or not, and
	 * their functions).
	 *
	 * @param Names $names
	 * @return list<Problem>
	 */
	public static function site_clashes( array $names ): array {
		$problems = array();
		foreach ( self::symbols( $names ) as list( $kind, $name ) ) {
			if ( 'function' === $kind ? function_exists( $name ) : ClassNames::taken( $name ) ) {
				$problems[] = self::problem( self::code( $kind ), Reasons::name_taken( $kind, $name ) );
			}
		}
		return $problems;
	}

	/**
	 * Every name of a manifest entry, recorded or not (an entry without a class declares nothing).
	 *
	 * @param Deployed $entry
	 * @return Names
	 */
	public static function names_of_entry( array $entry ): array {
		return array(
			'class'     => $entry['class'],
			'others'    => $entry['others'],
			'functions' => $entry['functions'],
		);
	}

	/**
	 * The route a file serves, claimed in $served unless another file already serves it (two files
	 * whose slugs differ only in a parameter's name serve one route). At push and at boot alike.
	 *
	 * @param array<string, string> $served In/out: route shape (Slug::shape) => slug.
	 * @return list<Problem>
	 */
	public static function route_clashes( string $slug, array &$served ): array {
		$shape = Slug::shape( $slug );
		if ( isset( $served[ $shape ] ) && $served[ $shape ] !== $slug ) {
			return array( self::problem( 'svc_route_conflict', Reasons::route_served_by( $served[ $shape ] ) ) );
		}
		$served[ $shape ] = $slug;
		return array();
	}

	/**
	 * A file and a directory of the same name cannot both be in a tree: `x.php` the route file and
	 * `x.php/` a directory (a name only an SFTP upload gives, e.g. `x.php/y.php`). Each clash is
	 * reported on the new or changed file, naming the other path.
	 *
	 * @param list<string> $slugs Every slug of the resulting set.
	 * @param list<string> $new   The added and changed ones.
	 * @return list<array{filename: string, code: string, message: string}> Each on the file to refuse.
	 */
	public static function path_clashes( array $slugs, array $new ): array {
		$directories = array();
		foreach ( $slugs as $slug ) {
			$parts = explode( '/', $slug );
			$count = count( $parts );
			for ( $depth = 1; $depth < $count; $depth++ ) {
				$directories[ implode( '/', array_slice( $parts, 0, $depth ) ) ][] = $slug;
			}
		}
		$clashes = array();
		foreach ( $slugs as $slug ) {
			$other = $directories[ $slug . '.php' ][0] ?? null;
			if ( null === $other ) {
				continue;
			}
			$clashes[] = array(
				'filename' => in_array( $slug, $new, true ) || ! in_array( $other, $new, true ) ? $slug : $other,
				'code'     => 'svc_path_conflict',
				'message'  => Reasons::path_taken_by_directory( $slug, $other ),
			);
		}
		return $clashes;
	}

	/**
	 * @param Names $names
	 * @return list<array{0: string, 1: string, 2: string}> Kind, name, owner key.
	 */
	private static function symbols( array $names ): array {
		$symbols = array();
		if ( null !== $names['class'] ) {
			$symbols[] = array( 'class', $names['class'], 'type:' . strtolower( $names['class'] ) );
		}
		foreach ( $names['others'] as $name => $kind ) {
			$symbols[] = array( $kind, (string) $name, 'type:' . strtolower( (string) $name ) );
		}
		foreach ( $names['functions'] as $name ) {
			$symbols[] = array( 'function', $name, 'function:' . strtolower( $name ) );
		}
		return $symbols;
	}

	private static function code( string $kind ): string {
		return 'class' === $kind ? 'svc_class_taken' : 'svc_name_taken';
	}

	/**
	 * @return Problem
	 */
	private static function problem( string $code, string $message ): array {
		return array(
			'code'    => $code,
			'message' => $message,
		);
	}
}
