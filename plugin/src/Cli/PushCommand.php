<?php
/**
 * `wp svc push`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Release\Change;
use Svc\Release\ReleaseKind;
use Svc\Release\Schema;
use WP_CLI;
use WP_Error;

/**
 * Deploys a directory of route files on this server as one release.
 */
final class PushCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when the command runs.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Deploys the route files of a directory on this server as one release: the same checks and the same atomic step as `svc api push`.
	 *
	 * ## OPTIONS
	 *
	 * <dir>
	 * : A directory of route files laid out like a project's api/ (users/[id].php → users/[id]).
	 *
	 * [--prune]
	 * : Also remove every deployed route that the directory does not have.
	 *
	 * [--dry-run]
	 * : Check and plan only; change nothing.
	 *
	 * [--preview]
	 * : Make a preview instead: every check a push makes, but not made active. Prints its id and the token (shown once) that requests send as X-Svc-Preview; `wp svc promote <id>` makes it active.
	 *
	 * [--message=<message>]
	 * : A note kept with the release (500 characters at most).
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc push /srv/project/api --yes
	 *     wp svc push ./api --prune --dry-run
	 *     wp svc push ./api --preview --yes
	 *
	 * @param list<string>          $args       The directory.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$dry_run = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'dry-run', false );
		$prune   = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'prune', false );
		$preview = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'preview', false );
		$message = DeploySteps::message( $assoc_args );
		if ( ! $dry_run ) {
			DeploySteps::refuse_unless_deploys_allowed();
		}
		$files = DirectoryFiles::read( $args[0] ?? '' );
		if ( $files instanceof WP_Error ) {
			WP_CLI::error( $files->get_error_message() );
		}
		$components = ( $this->build )();
		$deployer   = $components->deployer;
		Schema::ensure();
		$hashes = array_map( static fn ( string $content ): string => hash( 'sha256', $content ), $files );
		$inline = array_combine( array_values( $hashes ), array_values( $files ) );
		$base   = $components->releases->active_id( true );
		$plan   = DeploySteps::outcome( $deployer->commit( new Change( files: $hashes, prune: $prune, dry_run: true, inline: $inline, base: $base, kind: $prune ? ReleaseKind::PRUNE : ReleaseKind::PUSH ) ) );
		DeploySteps::print_plan( $plan['plan'] );
		if ( $dry_run ) {
			WP_CLI::success( 'Dry run: every file passed the checks; nothing was changed.' );
			return;
		}
		if ( ! empty( $plan['unchanged'] ) ) {
			WP_CLI::success( 'Nothing to deploy: the site serves these files already.' );
			return;
		}
		WP_CLI::confirm( sprintf( $preview ? 'Make a preview of %d route files?' : 'Deploy %d route files?', count( $files ) ), $assoc_args );
		$kind    = $preview ? ReleaseKind::PREVIEW : ( $prune ? ReleaseKind::PRUNE : ReleaseKind::PUSH );
		$done    = DeploySteps::outcome( $deployer->commit( new Change( files: $hashes, prune: $prune, inline: $inline, base: $base, kind: $kind, message: $message ) ) );
		$release = (array) ( $done['release'] ?? array() );
		if ( $preview ) {
			// The site keeps only the token's hash: this is the one time it can be shown.
			WP_CLI::log( sprintf( 'Token (shown once): %s', (string) ( $done['token'] ?? '' ) ) );
			WP_CLI::success( sprintf( 'Preview #%d made (%d files); the active release is unchanged. Requests with X-Svc-Preview: <token> are served by it; wp svc promote %d makes it active.', (int) ( $release['id'] ?? 0 ), count( (array) ( $release['files'] ?? array() ) ), (int) ( $release['id'] ?? 0 ) ) );
			return;
		}
		WP_CLI::success( sprintf( 'Release #%d is active (%d files).', (int) ( $release['id'] ?? 0 ), count( (array) ( $release['files'] ?? array() ) ) ) );
	}
}
