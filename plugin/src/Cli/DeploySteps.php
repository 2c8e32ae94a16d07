<?php
/**
 * What `wp svc push`, `rollback` and `promote` share: their checks and how a Deployer's answer is told.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Release\DeployPolicy;
use Svc\Release\Refusal;
use Svc\Release\ReleaseMessage;
use Svc\Rest\Refusals;
use WP_CLI;

/**
 * The steps of a command that changes the active release; each ends the process with
 * WP_CLI::error() when it refuses, as the management API answers with an error.
 */
final class DeploySteps {

	public static function refuse_unless_deploys_allowed(): void {
		if ( ! DeployPolicy::allowed() ) {
			WP_CLI::error( DeployPolicy::reason() );
		}
	}

	/** A release id as given on the command line; WP_CLI::error() for anything else. */
	public static function release_id( string $arg ): int {
		return CommandText::release_id( $arg ) ?? WP_CLI::error( sprintf( 'A release id is a positive whole number, not "%s".', $arg ) );
	}

	/**
	 * `--message`, checked as the management API checks it; WP_CLI::error() when unusable.
	 *
	 * @param array<string, string> $assoc_args Options.
	 */
	public static function message( array $assoc_args ): ?string {
		$value   = $assoc_args['message'] ?? null;
		$problem = ReleaseMessage::problem( $value );
		if ( null !== $problem ) {
			WP_CLI::error( $problem );
		}
		return ReleaseMessage::normalize( $value );
	}

	/**
	 * A Deployer outcome, or WP_CLI::error() with the refusal and each file's reason.
	 *
	 * @param array<string, mixed>|Refusal $outcome What the Deployer answered.
	 * @return array<string, mixed>
	 */
	public static function outcome( array|Refusal $outcome ): array {
		if ( ! $outcome instanceof Refusal ) {
			return $outcome;
		}
		$errors = (array) ( $outcome->data['errors'] ?? array() );
		if ( array() === $errors ) {
			WP_CLI::error( Refusals::error( $outcome )->get_error_message() );
		}
		WP_CLI::error( CommandText::rejection( $errors ) );
	}

	/**
	 * @param mixed $plan A Deployer plan: added, changed and removed slugs.
	 */
	public static function print_plan( mixed $plan ): void {
		foreach ( CommandText::plan( $plan ) as $line ) {
			WP_CLI::log( $line );
		}
	}
}
