<?php
/**
 * The push-time checks of SPEC.md, over a whole batch.
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
 */
final class PushValidator {

	/** @var list<Failure> */
	private array $failures = array();

	/**
	 * @param array<string, array<string, mixed>> $deployed The manifest's files (slug => entry).
	 */
	public function __construct( private readonly array $deployed ) {
	}

	/**
	 * @param array<string, string> $batch   Slug => source.
	 * @param array<string, string> $checked Slug => class name, for sources whose own checks (strict
	 *                                       types, one class, syntax) already passed on this PHP: only
	 *                                       the checks involving the site and the other files run.
	 * @return array{failures: list<Failure>, syntax_check: string, classes: array<string, string>}
	 */
	public function validate( array $batch, array $checked = array() ): array {
		$this->failures = array();
		$scanned        = array();
		$file_limit     = Limits::file_bytes( 'api' );
		$classes        = $this->deployed_owners( 'class', $batch );
		$shapes         = $this->deployed_owners( 'shape', $batch );
		$lintable       = array();

		foreach ( $batch as $slug => $source ) {
			$slug    = (string) $slug;
			$problem = Slug::problem( $slug );
			if ( null !== $problem ) {
				$this->fail( $slug, 'svc_invalid_slug', $problem );
				continue;
			}
			$shape = Slug::shape( $slug );
			if ( isset( $shapes[ $shape ] ) ) {
				$this->fail( $slug, 'svc_route_conflict', Reasons::route_served_by( $shapes[ $shape ] ) );
			} else {
				$shapes[ $shape ] = $slug;
			}
			if ( strlen( $source ) > $file_limit ) {
				$this->fail( $slug, 'svc_file_too_large', Reasons::too_large( strlen( $source ), $file_limit ) );
				continue;
			}
			if ( isset( $checked[ $slug ] ) ) {
				$this->check_class( $slug, $checked[ $slug ], $classes );
				continue;
			}
			$scan = TokenScanner::scan( $source, $slug . '.php' );
			if ( 1 !== $scan->strict_types_count ) {
				$this->fail(
					$slug,
					'svc_strict_types',
					0 === $scan->strict_types_count
						? 'declare(strict_types=1); is missing; it must appear exactly once, as the first statement'
						: sprintf( 'declare(strict_types=1); appears %d times (comments and strings count); it must appear exactly once', $scan->strict_types_count )
				);
			} elseif ( ! $scan->strict_types_real && null === $scan->parse_error ) {
				$this->fail( $slug, 'svc_strict_types', 'declare(strict_types=1); appears only inside a comment or string; it must be the first statement' );
			}
			if ( null !== $scan->parse_error ) {
				$this->fail( $slug, 'svc_syntax_error', $scan->parse_error );
				continue;
			}
			if ( 1 !== count( $scan->classes ) ) {
				$this->fail( $slug, 'svc_class_count', Reasons::class_count( count( $scan->classes ) ) );
				continue;
			}
			$this->check_class( $slug, $scan->classes[0], $classes );
			$scanned[ $slug ]  = $scan->classes[0];
			$lintable[ $slug ] = $source;
		}

		$this->check_total( $batch );
		$syntax = array() === $lintable && array() !== $checked ? 'php' : $this->check_syntax( $lintable );
		return array( 'failures' => $this->failures, 'syntax_check' => $syntax, 'classes' => $scanned );
	}

	/**
	 * The class name is free: no other route file of the set, WordPress core or an active plugin has it.
	 *
	 * @param array<string, string> $classes Lowercase class => slug owning it; the slug's is added.
	 */
	private function check_class( string $slug, string $class_name, array &$classes ): void {
		$key = strtolower( $class_name );
		if ( isset( $classes[ $key ] ) ) {
			$this->fail( $slug, 'svc_class_taken', Reasons::class_in_route_file( $class_name, $classes[ $key ] ) );
		} elseif ( ClassNames::taken( $class_name ) ) {
			$this->fail( $slug, 'svc_class_taken', Reasons::class_taken( $class_name ) );
		} else {
			$classes[ $key ] = $slug;
		}
	}

	private function fail( string $slug, string $code, string $message ): void {
		$this->failures[] = array( 'filename' => $slug, 'code' => $code, 'message' => $message );
	}

	/**
	 * Who owns each class name or route shape among deployed files the batch does not replace.
	 *
	 * @param array<string, string> $batch
	 * @return array<string, string> Key => slug.
	 */
	private function deployed_owners( string $what, array $batch ): array {
		$owners = array();
		foreach ( $this->deployed as $slug => $entry ) {
			$slug = (string) $slug;
			if ( isset( $batch[ $slug ] ) ) {
				continue;
			}
			if ( 'class' === $what && null !== ( $entry['class'] ?? null ) ) {
				$owners[ strtolower( $entry['class'] ) ] = $slug;
			} elseif ( 'shape' === $what && Slug::is_valid( $slug ) ) {
				$owners[ Slug::shape( $slug ) ] = $slug;
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
		$errors = SyntaxChecker::check( $labelled );
		if ( null === $errors ) {
			return 'skipped';
		}
		foreach ( $errors as $label => $message ) {
			$this->fail( substr( (string) $label, 0, -4 ), 'svc_syntax_error', $message );
		}
		return 'php';
	}
}
