<?php
/**
 * `wp svc rollback`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Release\Schema;
use WP_CLI;

/**
 * Makes an earlier release active again.
 */
final class RollbackCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when the command runs.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Makes an earlier release active again, as a new release (default: the one before the active one).
	 *
	 * ## OPTIONS
	 *
	 * [<id>]
	 * : The release to go back to.
	 *
	 * [--message=<message>]
	 * : A note kept with the release (500 characters at most).
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc rollback
	 *     wp svc rollback 12 --yes
	 *
	 * @param list<string>          $args       The release id, if given.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		DeploySteps::refuse_unless_deploys_allowed();
		$to         = isset( $args[0] ) ? DeploySteps::release_id( $args[0] ) : null;
		$message    = DeploySteps::message( $assoc_args );
		$components = ( $this->build )();
		$deployer   = $components->deployer;
		Schema::ensure();
		$base = $components->releases->active_id( true );
		$plan = DeploySteps::outcome( $deployer->rollback( $to, true, $base ) );
		DeploySteps::print_plan( $plan['plan'] );
		WP_CLI::confirm( 'Make that release active?', $assoc_args );
		$done = DeploySteps::outcome( $deployer->rollback( $to, false, $base, $message ) );
		WP_CLI::success( sprintf( 'Release #%d is active.', (int) ( $done['release']['id'] ?? 0 ) ) );
	}
}
