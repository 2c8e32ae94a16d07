<?php
/**
 * `wp svc status`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Release\Schema;
use Svc\Rest\StatusController;
use WP_CLI;

/**
 * Shows the active release, whether deploys are allowed, the limits, the web nodes and the files that fail to load.
 */
final class StatusCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when the command runs.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Shows the active release, whether deploys are allowed, the limits, the web nodes and the files that fail to load.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : How to print it.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - yaml
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc status
	 *     wp svc status --format=json
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$components = ( $this->build )();
		Schema::ensure();
		$status            = ( new StatusController( $components->deployer, $components->store, $components->releases, $components->nodes ) )->status_of( false );
		$failing           = array_values(
			array_map(
				static fn ( array $route ): array => array(
					'slug'  => $route['slug'],
					'error' => $route['error'],
				),
				array_filter( RouteRows::of( $components ), static fn ( array $route ): bool => null !== $route['error'] )
			)
		);
		$status['failing'] = $failing;
		$format            = $assoc_args['format'] ?? 'table';
		if ( 'table' !== $format ) {
			WP_CLI::print_value( $status, array( 'format' => $format ) );
			return;
		}
		$release = $status['release'] ?? null;
		$deploy  = (array) $status['deploy'];
		$limits  = (array) $status['limits'];
		$rows    = array(
			array(
				'field' => 'release',
				'value' => is_array( $release ) ? sprintf( '#%d (%s, %d files, %s)', $release['id'], $release['kind'], $release['files'], $release['created'] ?? '' ) : 'none (the api/ directory as it is on disk)',
			),
			array(
				'field' => 'deploy',
				'value' => $deploy['allowed'] ? 'allowed' : 'refused: ' . $deploy['reason'],
			),
			array(
				'field' => 'limits',
				'value' => sprintf( '%s a file, %s in all, %s a request', size_format( $limits['file_bytes'] ), size_format( $limits['total_bytes'] ), size_format( $limits['request_bytes'] ) ),
			),
		);
		foreach ( (array) ( $status['nodes'] ?? array() ) as $node ) {
			$node   = (array) $node;
			$rows[] = array(
				'field' => 'node ' . $node['node'],
				'value' => sprintf( 'release #%d, %s', $node['release'], array() === (array) $node['drift'] ? 'no drift' : count( (array) $node['drift'] ) . ' files drifted' ),
			);
		}
		foreach ( $failing as $failure ) {
			$rows[] = array(
				'field' => 'failing ' . $failure['slug'],
				'value' => $failure['error'],
			);
		}
		WP_CLI\Utils\format_items( 'table', $rows, array( 'field', 'value' ) );
	}
}
