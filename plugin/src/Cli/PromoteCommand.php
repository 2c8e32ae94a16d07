<?php
/**
 * `wp svc promote`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Release\Schema;
use WP_CLI;

/**
 * Makes a preview the active release.
 */
final class PromoteCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when the command runs.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Makes a preview (svc api push --preview) the active release, as a new release of kind promote, with every check of a push.
	 *
	 * Refused when another release became active since the preview was made (promoting it would undo that), unless --force.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : The preview to make active (wp svc releases lists them).
	 *
	 * [--force]
	 * : Promote it even though another release became active since it was made.
	 *
	 * [--message=<message>]
	 * : A note kept with the release (500 characters at most).
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc promote 14
	 *     wp svc promote 14 --yes --message="ship the new checkout"
	 *
	 * @param list<string>          $args       The preview's release id.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		DeploySteps::refuse_unless_deploys_allowed();
		$id         = DeploySteps::release_id( $args[0] ?? '' );
		$force      = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'force', false );
		$message    = DeploySteps::message( $assoc_args );
		$components = ( $this->build )();
		$deployer   = $components->deployer;
		Schema::ensure();
		$base = $components->releases->active_id( true );
		$plan = DeploySteps::outcome( $deployer->promote( $id, true, $base, $force ) );
		DeploySteps::print_plan( $plan['plan'] );
		if ( ! empty( $plan['unchanged'] ) ) {
			WP_CLI::success( sprintf( 'Nothing to promote: preview #%d has the files the site serves.', $id ) );
			return;
		}
		WP_CLI::confirm( sprintf( 'Make preview #%d active for everyone?', $id ), $assoc_args );
		$done = DeploySteps::outcome( $deployer->promote( $id, false, $base, $force, $message ) );
		WP_CLI::success( sprintf( 'Preview #%d is promoted: release #%d is active.', $id, (int) ( $done['release']['id'] ?? 0 ) ) );
	}
}
