<?php
/**
 * `wp svc releases`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Rest\ReleasesController;
use WP_CLI;

/**
 * Lists the releases the site keeps.
 */
final class ReleasesCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when the command runs.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Lists the releases the site keeps, newest first: the active one is marked, previews say until when they are served.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : How to print them.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 * ---
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$components = ( $this->build )();
		$releases   = (array) ( new ReleasesController( $components->deployer, $components->store, $components->route_namespace, $components->releases, $components->blobs ) )->index()->get_data();
		$format     = $assoc_args['format'] ?? 'table';
		$rows       = array_map(
			static function ( array $release ) use ( $format ): array {
				$preview = is_array( $release['preview'] ?? null ) ? $release['preview'] : null;
				$message = (string) ( $release['message'] ?? '' );
				return array(
					'id'      => $release['id'],
					'active'  => $release['active'] ? 'yes' : 'no',
					'kind'    => $release['kind'],
					'files'   => $release['files'],
					'created' => $release['created'] ?? '',
					'author'  => is_array( $release['user'] ?? null ) ? (string) ( $release['user']['login'] ?? '' ) : '',
					'expires' => null === $preview ? '' : ( $preview['expired'] ? 'expired' : $preview['expires'] ),
					// The site's text: one line in a table, so that a message cannot draw over the terminal.
					'message' => 'table' === $format ? CommandText::one_line( $message ) : $message,
				);
			},
			$releases
		);
		WP_CLI\Utils\format_items( $format, $rows, array( 'id', 'active', 'kind', 'files', 'created', 'author', 'expires', 'message' ) );
	}
}
