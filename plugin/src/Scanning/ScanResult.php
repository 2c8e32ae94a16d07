<?php
/**
 * What reading a route file's tokens tells about it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

/**
 * Plain data; built only by TokenScanner.
 *
 * @phpstan-type Attribute array{name: string, public: bool, written?: string|null, publics?: int, unknown: list<string>, tokens?: list<\PhpToken>, line?: int}
 * @phpstan-type PermissionFault array{kind: 'value'|'twice'|'repeated', target: string, line: int, written: string}
 * @phpstan-type Method array{name?: string, visibility: string, attributes: list<Attribute>, doc?: string|null}
 * @phpstan-import-type Contract from ContractReader
 * @phpstan-import-type Policies from PolicyReader
 * @phpstan-import-type SchedulePolicy from ScheduleReader
 */
final class ScanResult {

	public const VERBS = array( 'get', 'post', 'put', 'patch', 'delete' );

	/**
	 * @param string|null                    $parse_error        The tokenizer's parse error with its line, or null.
	 * @param int                            $strict_types_count Occurrences of `declare(strict_types=1);` in the raw text, comments included.
	 * @param bool                           $strict_types_real  Whether one of them is the file's first statement.
	 * @param list<string>                   $classes            Fully qualified names of the declared classes.
	 * @param array<string, array<string,mixed>> $methods        The first class's methods, keyed by lowercase name.
	 * @param list<Attribute> $class_attributes Attributes on the first class.
	 * @param bool                           $abstract           Whether the first class is abstract.
	 * @param list<string>                   $functions          Fully qualified names of the functions declared unconditionally (top level).
	 * @param bool                           $inherits           The first class extends another or uses a trait.
	 * @param array<string, string>          $others             Interfaces, traits and enums declared: fully qualified name => kind.
	 * @param Contract|null                  $contract           Argument and response schemas and docblocks (ContractReader).
	 * @param list<string>                   $contract_problems  Why the declared schemas cannot be used, each naming its line.
	 * @param string|null                    $too_many_attributes Why the file has more attributes than a scan reads, or null.
	 * @param string                         $strict_types_place Where the real `declare(strict_types=1)` statement is:
	 *                                                           `first` (where PHP requires it), `later`,
	 *                                                           `after_bom` (later, after a byte-order mark),
	 *                                                           `nowhere` (only in comments or strings, or absent).
	 */
	public function __construct(
		public readonly ?string $parse_error,
		public readonly int $strict_types_count,
		public readonly bool $strict_types_real,
		public readonly array $classes,
		public readonly array $methods,
		public readonly array $class_attributes,
		public readonly bool $abstract,
		public readonly array $functions = array(),
		public readonly bool $inherits = false,
		public readonly array $others = array(),
		public readonly ?array $contract = null,
		public readonly array $contract_problems = array(),
		public readonly ?string $too_many_attributes = null,
		public readonly string $strict_types_place = 'nowhere',
	) {
	}

	/**
	 * This result with the file's contract.
	 *
	 * @param Contract     $contract
	 * @param list<string> $problems
	 */
	public function with_contract( array $contract, array $problems ): self {
		return new self(
			$this->parse_error,
			$this->strict_types_count,
			$this->strict_types_real,
			$this->classes,
			$this->methods,
			$this->class_attributes,
			$this->abstract,
			$this->functions,
			$this->inherits,
			$this->others,
			$contract,
			$problems,
			$this->too_many_attributes,
			$this->strict_types_place
		);
	}

	/**
	 * Whether every verb is closed by the default check (`manage_options`), as far as the tokens can
	 * tell: no attribute on the class or its methods but svc's own Args and Returns (any other might
	 * be Permission under another name), no `permission()` method, and nothing inherited (a parent
	 * class or a trait could bring either). Then a caller can be refused without loading the file.
	 */
	public function closed_by_default(): bool {
		if ( $this->inherits || ! self::only_contracts( $this->class_attributes ) || isset( $this->methods['permission'] ) ) {
			return false;
		}
		foreach ( $this->methods as $method ) {
			if ( ! self::only_contracts( $method['attributes'] ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether every attribute is svc's Args, Returns, Cache, RateLimit or Schedule, by its resolved name (so
	 * `use …\Permission as Args` is Permission): none of them changes who may call.
	 *
	 * @param list<Attribute> $attributes
	 */
	private static function only_contracts( array $attributes ): bool {
		foreach ( $attributes as $attribute ) {
			$name = $attribute['name'];
			if ( 0 !== strcasecmp( ContractReader::ARGS, $name ) && 0 !== strcasecmp( ContractReader::RETURNS, $name )
				&& ! PolicyAttributes::is_policy( $name ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The file's Cache and RateLimit attributes, read as literals (PolicyReader), with their problems.
	 *
	 * @return Policies
	 */
	public function policies(): array {
		return PolicyReader::read( $this->class_attributes, $this->methods, $this->verbs() );
	}

	/**
	 * Every policy attribute's problems, keyed by its short name (PolicyAttributes), each naming its line.
	 *
	 * @return array<string, list<string>>
	 */
	public function policy_problems(): array {
		return array( 'Schedule' => $this->schedules()['problems'] ) + $this->policies()['problems'];
	}

	/**
	 * The file's Schedule attributes, read as literals (ScheduleReader), with their problems.
	 *
	 * @return array{schedules: list<SchedulePolicy>, problems: list<string>}
	 */
	public function schedules(): array {
		return ScheduleReader::read( $this->class_attributes, $this->methods );
	}

	/**
	 * Lowercase verbs implemented by public methods, in the order of VERBS.
	 *
	 * @return list<string>
	 */
	public function verbs(): array {
		$verbs = array();
		foreach ( self::VERBS as $verb ) {
			if ( isset( $this->methods[ $verb ] ) && 'public' === $this->methods[ $verb ]['visibility'] ) {
				$verbs[] = $verb;
			}
		}
		return $verbs;
	}

	public function has_public_method( string $name ): bool {
		$name = strtolower( $name );
		return isset( $this->methods[ $name ] ) && 'public' === $this->methods[ $name ]['visibility'];
	}

	/**
	 * Verbs the lexical rule finds open to anyone: `public: true` on the verb, or on the class for a
	 * verb without its own Permission attribute, however the name is written. A `permission()`
	 * returning true is not seen (a documented blind spot). The Authorizer opens no other verb.
	 *
	 * @return list<string>
	 */
	public function public_verbs(): array {
		$class_public = self::permission_public( $this->class_attributes );
		$open         = array();
		foreach ( $this->verbs() as $verb ) {
			$own = self::permission_public( $this->methods[ $verb ]['attributes'] );
			if ( $own ?? $class_public ?? false ) {
				$open[] = $verb;
			}
		}
		return $open;
	}

	/**
	 * Named arguments given to a Permission attribute (on the class or any method) that it has no
	 * parameter for, such as `PUBLIC:`: PHP throws when the attribute is instantiated.
	 *
	 * @return list<string>
	 */
	public function unknown_permission_arguments(): array {
		$unknown = array();
		foreach ( array_merge( array( $this->class_attributes ), array_column( $this->methods, 'attributes' ) ) as $attributes ) {
			foreach ( $attributes as $attribute ) {
				if ( self::is_permission( $attribute['name'] ) ) {
					array_push( $unknown, ...$attribute['unknown'] );
				}
			}
		}
		return array_values( array_unique( $unknown ) );
	}

	/**
	 * Permission attributes svc cannot read exactly as PHP would, so it refuses the file instead of
	 * risking a [PUBLIC] badge that differs from what the site does: a `public` that is not the
	 * literal true or false, `public` given twice, the attribute twice on one declaration.
	 *
	 * @return list<PermissionFault>
	 */
	public function permission_faults(): array {
		$targets = array( 'the class' => $this->class_attributes );
		foreach ( $this->methods as $name => $method ) {
			$targets[ $name . '()' ] = $method['attributes'];
		}
		$faults = array();
		foreach ( $targets as $target => $attributes ) {
			$seen = 0;
			foreach ( $attributes as $attribute ) {
				if ( ! self::is_permission( $attribute['name'] ) ) {
					continue;
				}
				++$seen;
				if ( $seen > 1 ) {
					// Permission is not repeatable: reading the second one throws for every caller.
					$faults[] = self::fault( 'repeated', (string) $target, $attribute );
				}
				if ( ( $attribute['publics'] ?? 0 ) > 1 ) {
					$faults[] = self::fault( 'twice', (string) $target, $attribute );
				} elseif ( null !== ( $attribute['written'] ?? null ) ) {
					$faults[] = self::fault( 'value', (string) $target, $attribute );
				}
			}
		}
		return $faults;
	}

	/**
	 * @param 'value'|'twice'|'repeated' $kind
	 * @param Attribute                  $attribute
	 * @return PermissionFault
	 */
	private static function fault( string $kind, string $target, array $attribute ): array {
		return array(
			'kind'    => $kind,
			'target'  => $target,
			'line'    => (int) ( $attribute['line'] ?? 0 ),
			'written' => (string) ( $attribute['written'] ?? '' ),
		);
	}

	private static function is_permission( string $name ): bool {
		// Class names are case-insensitive in PHP, so the lexical rule is too.
		return 0 === strcasecmp( 'Svc\\Api\\Attribute\\Permission', $name );
	}

	/**
	 * True/false from a Permission attribute in the list, null when there is none.
	 *
	 * @param list<Attribute> $attributes Attributes already resolved to full names.
	 */
	private static function permission_public( array $attributes ): ?bool {
		foreach ( $attributes as $attribute ) {
			if ( self::is_permission( $attribute['name'] ) ) {
				return $attribute['public'];
			}
		}
		return null;
	}
}
