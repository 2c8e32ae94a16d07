<?php
/**
 * Registers `wp svc` and its subcommands with WP-CLI.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use WP_CLI;

/**
 * One class a subcommand: WP-CLI reads each one's __invoke docblock as its help and synopsis
 * (its flags are checked against it), and SvcCommand's as `wp help svc`.
 */
final class Commands {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when a command first needs them.
	 */
	public static function register( \Closure $build ): void {
		// The namespace first: WP-CLI defers a subcommand whose parent is not registered yet.
		WP_CLI::add_command( 'svc', SvcCommand::class );
		WP_CLI::add_command( 'svc status', new StatusCommand( $build ) );
		WP_CLI::add_command( 'svc routes', new RoutesCommand( $build ) );
		WP_CLI::add_command( 'svc releases', new ReleasesCommand( $build ) );
		WP_CLI::add_command( 'svc rollback', new RollbackCommand( $build ) );
		WP_CLI::add_command( 'svc promote', new PromoteCommand( $build ) );
		WP_CLI::add_command( 'svc logs', new LogsCommand() );
		WP_CLI::add_command( 'svc push', new PushCommand( $build ) );
		WP_CLI::add_command( 'svc cache', new CacheCommand( $build ) );
	}
}
