<?php
/**
 * The push-time checks of docs/rules.md, over a whole batch.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

use Svc\Routing\Slug;
use Svc\Scanning\TokenScanner;
use Svc\Storage\Guard;
use Svc\Storage\Limits;

/**
 * Runs every check on every file before anything is written, and reports every failure, so one
 * push shows the author everything to fix.
 *
 * @phpstan-type Failure array{filename: string, code: string, message: string}
 *
 * @phpstan-import-type Deployed from RouteRules
 * @phpstan-import-type Names from RouteRules
 */
final class PushValidator {

	/** @var list<Failure> */
	private array $failures = array();

	/**
	 * @param array<string, Deployed> $deployed The manifest's files (slug => entry).
	 */
	public function __construct( private readonly array $deployed, private readonly SyntaxChecker $syntax = new SyntaxChecker() ) {
	}

	/**
	 * @param array<string, string> $batch   Slug => source.
	 * @param array<string, string> $checked Slug => class name, for sources whose PHP syntax check
	 *                                       already passed on this PHP: not compiled again.
	 * @param array<string, Names>  $trusted Slug => the names declared by sources whose lexical checks
	 *                                       passed under today's rules (ScanVerdict): not scanned
	 *                                       again. What involves more than the bytes still runs.
	 * @return array{failures: list<Failure>, syntax_check: string, classes: array<string, string>, names: array<string, Names>}
	 *         `classes`: of the sources compiled now; `names`: of the sources scanned now that passed
	 *         their own lexical checks.
	 */
	public function validate( array $batch, array $checked = array(), array $trusted = array() ): array {
		$this->failures = array();
		$scanned        = array();
		$passed         = array();
		$file_limit     = Limits::file_bytes( 'api' );
		$owners         = $this->deployed_names( $batch );
		$shapes         = $this->deployed_shapes( $batch );
		$lintable       = array();

		foreach ( $batch as $slug => $source ) {
			$slug    = (string) $slug;
			$problem = Slug::problem( $slug );
			if ( null !== $problem ) {
				$this->fail( $slug, 'svc_invalid_slug', $problem );
				continue;
			}
			foreach ( RouteRules::route_clashes( $slug, $shapes ) as $failure ) {
				$this->fail( $slug, $failure['code'], $failure['message'] );
			}
			if ( strlen( $source ) > $file_limit ) {
				$this->fail( $slug, 'svc_file_too_large', Reasons::too_large( strlen( $source ), $file_limit ) );
				continue;
			}
			$names = $trusted[ $slug ] ?? $this->scanned( $slug, $source, $passed );
			if ( null === $names ) {
				continue;
			}
			$clashes = RouteRules::clashes( $slug, $names, $owners );
			if ( array() === $clashes ) {
				$clashes = RouteRules::site_clashes( $names );
			}
			foreach ( $clashes as $failure ) {
				$this->fail( $slug, $failure['code'], $failure['message'] );
			}
			if ( isset( $checked[ $slug ] ) || array() !== $clashes ) {
				// Compiled on this PHP before, or a name clash: compiled beside its twin, it would
				// only say "Cannot redeclare" again.
				continue;
			}
			$scanned[ $slug ]  = (string) $names['class'];
			$lintable[ $slug ] = $source;
		}

		$this->check_total( $batch );
		$syntax = array() === $lintable && array() !== $checked ? 'php' : $this->check_syntax( $lintable );
		return array(
			'failures'     => $this->failures,
			'syntax_check' => $syntax,
			'classes'      => $scanned,
			'names'        => $passed,
		);
	}

	/**
	 * The lexical checks of one source, its failures recorded: the names it declares, also when a
	 * rule failed (its clashes are told in the same push), or null when it has no one class to name.
	 * A source that passed every one goes into $passed with its names.
	 *
	 * @param array<string, Names> $passed In/out.
	 * @return Names|null
	 */
	private function scanned( string $slug, string $source, array &$passed ): ?array {
		$scan     = TokenScanner::scan( $source, $slug . '.php' );
		$failures = array_merge( RouteRules::strict_types( $scan ), RouteRules::own( $scan ) );
		foreach ( $failures as $failure ) {
			$this->fail( $slug, $failure['code'], $failure['message'] );
		}
		if ( null !== $scan->parse_error || 1 !== count( $scan->classes ) ) {
			return null;
		}
		$names = RouteRules::names( $scan );
		if ( array() === $failures ) {
			$passed[ $slug ] = $names;
		}
		return $names;
	}

	private function fail( string $slug, string $code, string $message ): void {
		$this->failures[] = array(
			'filename' => $slug,
			'code'     => $code,
			'message'  => $message,
		);
	}

	/**
	 * Who owns each class-like and function name among deployed files the batch does not replace
	 * (as their manifest entries record them).
	 *
	 * @param array<string, string> $batch
	 * @return array<string, string> Owner key => slug.
	 */
	private function deployed_names( array $batch ): array {
		$owners = array();
		foreach ( $this->deployed as $slug => $entry ) {
			if ( ! isset( $batch[ (string) $slug ] ) ) {
				RouteRules::clashes( (string) $slug, RouteRules::names_of_entry( $entry ), $owners );
			}
		}
		return $owners;
	}

	/**
	 * Who serves each route shape among deployed files the batch does not replace.
	 *
	 * @param array<string, string> $batch
	 * @return array<string, string> Shape => slug.
	 */
	private function deployed_shapes( array $batch ): array {
		$owners = array();
		foreach ( array_keys( $this->deployed ) as $slug ) {
			$slug = (string) $slug;
			if ( ! isset( $batch[ $slug ] ) && Slug::is_valid( $slug ) ) {
				RouteRules::route_clashes( $slug, $owners );
			}
		}
		return $owners;
	}

	/**
	 * @param array<string, string> $batch
	 */
	private function check_total( array $batch ): void {
		$limit = Limits::total_bytes( 'api' );
		$total = 0;
		foreach ( $this->deployed as $slug => $entry ) {
			if ( ! isset( $batch[ (string) $slug ] ) ) {
				$total += (int) $entry['size'];
			}
		}
		foreach ( $batch as $source ) {
			$total += strlen( $source ) + strlen( Guard::TEXT );
		}
		if ( $total <= $limit ) {
			return;
		}
		foreach ( array_keys( $batch ) as $slug ) {
			$this->fail( (string) $slug, 'svc_total_too_large', Reasons::total_too_large( $total, $limit ) );
		}
	}

	/**
	 * @param array<string, string> $sources Files that passed the lexical checks.
	 */
	private function check_syntax( array $sources ): string {
		$labelled = array();
		foreach ( $sources as $slug => $source ) {
			$labelled[ $slug . '.php' ] = $source;
		}
		$errors = $this->syntax->check( $labelled );
		if ( null === $errors ) {
			return 'skipped';
		}
		foreach ( $errors as $label => $message ) {
			$this->fail( substr( (string) $label, 0, -4 ), 'svc_syntax_error', $message );
		}
		return 'php';
	}
}
