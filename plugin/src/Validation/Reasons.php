<?php
/**
 * Why a route file is refused: at push time and at boot, in the same words.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * The texts of the checks both the push validator and the boot-time manifest make, so a file is
 * refused at push and skipped at boot for a reason worded the same way.
 */
final class Reasons {

	/**
	 * @param list<string> $classes The fully qualified names of the classes the file declares.
	 */
	public static function class_count( array $classes ): string {
		if ( array() === $classes ) {
			return __( 'declares no class; a route file declares exactly one class', 'svc' );
		}
		/* translators: 1: number of classes the file declares, 2: their names, comma-separated */
		return sprintf( __( 'declares %1$d classes (%2$s); a route file declares exactly one class', 'svc' ), count( $classes ), implode( ', ', $classes ) );
	}

	/**
	 * Why a file's `declare(strict_types=1);` is not as a route file needs it, or null when it is.
	 *
	 * @param int    $count Its occurrences in the raw text, comments and strings included.
	 * @param string $place Where its real statement is (ScanResult::$strict_types_place).
	 */
	public static function strict_types( int $count, string $place ): ?string {
		if ( 0 === $count ) {
			return __( 'declare(strict_types=1); is missing; a route file declares it exactly once, as its first statement', 'svc' );
		}
		if ( 1 !== $count ) {
			/* translators: %d: how many times the text appears */
			return sprintf( __( 'declare(strict_types=1); appears %d times (comments and strings count too); it must appear exactly once', 'svc' ), $count );
		}
		switch ( $place ) {
			case 'first':
				return null;
			case 'later':
				return __( 'declare(strict_types=1); must be the very first statement of the file', 'svc' );
			case 'after_bom':
				return __( 'declare(strict_types=1); must be the very first statement of the file (the file starts with a byte-order mark, which PHP outputs before it)', 'svc' );
			default:
				return __( 'declare(strict_types=1); appears only in a comment or string; it must be a real statement', 'svc' );
		}
	}

	public static function too_large( int $bytes, int $limit ): string {
		list( $size, $max ) = self::sizes( $bytes, $limit );
		/* translators: 1: the file's size, 2: the limit, both like "512 KB" */
		return sprintf( __( 'the file is %1$s, over the limit of %2$s per file', 'svc' ), $size, $max );
	}

	public static function total_too_large( int $bytes, int $limit ): string {
		list( $size, $max ) = self::sizes( $bytes, $limit );
		/* translators: 1: the size the api/ directory would have, 2: the limit, both like "8 MB" */
		return sprintf( __( 'the api/ directory would hold %1$s, over its limit of %2$s', 'svc' ), $size, $max );
	}

	public static function stage_full( int $staged, int $adding, int $limit ): string {
		list( $size, $max ) = self::sizes( $staged + $adding, $limit );
		/* translators: 1: the size staged contents would have, 2: the limit, both like "8 MB" */
		return sprintf( __( 'Staged contents that no release uses yet would hold %1$s, over the limit of %2$s; nothing was staged. Commit the pushes under way, or wait for their staged contents to expire (an hour by default).', 'svc' ), $size, $max );
	}

	public static function stage_too_many( int $staged, int $adding, int $limit ): string {
		/* translators: 1: how many staged contents there would be, 2: the limit, both numbers */
		return sprintf( __( 'Staged contents that no release uses yet would number %1$s, over the limit of %2$s; nothing was staged. Commit the pushes under way, or wait for their staged contents to expire (an hour by default).', 'svc' ), number_format_i18n( $staged + $adding ), number_format_i18n( $limit ) );
	}

	/**
	 * A size and its limit, worded so that they differ: "8 MB, over its limit of 8 MB" says nothing,
	 * so sizes that round alike are given in bytes.
	 *
	 * @return array{0: string, 1: string}
	 */
	public static function sizes( int $bytes, int $limit ): array {
		$size = (string) size_format( $bytes, 1 );
		$max  = (string) size_format( $limit, 1 );
		if ( $size !== $max ) {
			return array( $size, $max );
		}
		/* translators: %s: a number of bytes, formatted */
		$in_bytes = static fn ( int $n ): string => sprintf( __( '%s bytes', 'svc' ), number_format_i18n( $n ) );
		return array( $in_bytes( $bytes ), $in_bytes( $limit ) );
	}

	public static function route_served_by( string $owner ): string {
		/* translators: %s: the route file serving the route, without .php */
		return sprintf( __( 'route file %s.php already serves this route', 'svc' ), $owner );
	}

	public static function class_in_route_file( string $class_name, string $owner ): string {
		return self::name_in_route_file( 'class', $class_name, $owner );
	}

	public static function path_taken_by_directory( string $slug, string $inside ): string {
		/* translators: 1: a file path, 2: a directory path, 3: a file inside it, without .php */
		return sprintf( __( '%1$s.php cannot be written: %2$s.php/ is a directory on the site (it holds %3$s.php); remove %3$s with svc api rm first', 'svc' ), $slug, $slug, $inside );
	}

	public static function class_taken( string $class_name ): string {
		return self::name_taken( 'class', $class_name );
	}

	/**
	 * @param string $kind `class`, `interface`, `trait`, `enum` or `function`.
	 */
	public static function name_in_route_file( string $kind, string $name, string $owner ): string {
		/* translators: 1: "class Foo", "interface Foo", "function foo()"…, 2: the route file declaring it, without .php */
		return sprintf( __( '%1$s is already declared by route file %2$s.php', 'svc' ), self::symbol( $kind, $name ), $owner );
	}

	/**
	 * @param string $kind `class`, `interface`, `trait`, `enum` or `function`.
	 */
	public static function name_taken( string $kind, string $name ): string {
		/* translators: %s: "class Foo", "interface Foo", "function foo()"… */
		return sprintf( __( '%s is already declared by WordPress core or an active plugin', 'svc' ), self::symbol( $kind, $name ) );
	}

	public static function abstract_class( string $class_name ): string {
		/* translators: %s: class name */
		return sprintf( __( 'class %s is abstract, so it cannot serve requests; a route file declares exactly one instantiable class', 'svc' ), $class_name );
	}

	/**
	 * @param list<string> $names Named arguments Permission has no parameter for.
	 */
	public static function bad_permission( array $names ): string {
		/* translators: %s: argument names, like "PUBLIC:" */
		return sprintf( __( 'the Permission attribute has no parameter %s (names are case-sensitive: public:, capability:, callback:); PHP would throw instead of checking the caller', 'svc' ), implode( ', ', array_map( static fn ( string $name ): string => $name . ':', $names ) ) );
	}

	/**
	 * One Permission attribute svc will not guess at (ScanResult::permission_faults()).
	 *
	 * @param array{kind: string, target: string, line: int, written: string} $fault
	 */
	public static function permission_fault( array $fault ): string {
		if ( 'repeated' === $fault['kind'] ) {
			/* translators: 1: line number, 2: where the attribute is, like "get()" or "the class" */
			return sprintf( __( 'line %1$d: #[Permission] is given more than once on %2$s; PHP would throw instead of checking the caller', 'svc' ), $fault['line'], $fault['target'] );
		}
		if ( 'twice' === $fault['kind'] ) {
			/* translators: 1: line number, 2: where the attribute is, like "get()" or "the class" */
			return sprintf( __( 'line %1$d: #[Permission] on %2$s gives public twice (by position and by name); PHP would throw instead of checking the caller', 'svc' ), $fault['line'], $fault['target'] );
		}
		/* translators: 1: line number, 2: where the attribute is, like "get()" or "the class", 3: the value as written, like "1" or "'0'" */
		return sprintf( __( 'line %1$d: #[Permission] on %2$s has public: %3$s, which is not true or false; svc reads who may call a route without running the file, so public takes only the literal true or false', 'svc' ), $fault['line'], $fault['target'], $fault['written'] );
	}

	/**
	 * @param list<string> $problems ContractReader's problems, each naming its line.
	 */
	public static function bad_schema( array $problems ): string {
		/* translators: %s: the problems, each like 'line 12: #[Args] on get() at "id.type": unknown type "integr"' */
		return sprintf( __( 'invalid schema: %s', 'svc' ), implode( '; ', $problems ) );
	}

	/**
	 * @param string       $name     A policy attribute's short name (Scanning\PolicyAttributes).
	 * @param list<string> $problems Its reader's problems, each naming its line.
	 */
	public static function bad_policy( string $name, array $problems ): string {
		/* translators: 1: the attribute's name (Cache, RateLimit, Schedule), 2: the problems, each like 'line 9: #[RateLimit] on post() needs per' */
		return sprintf( __( 'invalid #[%1$s]: %2$s', 'svc' ), $name, implode( '; ', $problems ) );
	}

	private static function symbol( string $kind, string $name ): string {
		return 'function' === $kind ? $kind . ' ' . $name . '()' : $kind . ' ' . $name;
	}

	public static function scan_unfinished(): string {
		return __( 'reading the file did not finish: PHP stopped while svc scanned it (time or memory limit). It is skipped until it changes', 'svc' );
	}

	public static function symbolic_link(): string {
		return __( 'a symbolic link: svc never follows links in wp-content/svc/ (remove it with svc api rm)', 'svc' );
	}
}
