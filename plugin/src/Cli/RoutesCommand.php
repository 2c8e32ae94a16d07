<?php
/**
 * `wp svc routes`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use WP_CLI;

/**
 * Lists the deployed routes, with their verbs, who may call them, their schedules and why a file fails to load.
 */
final class RoutesCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when the command runs.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Lists the deployed routes: slug, route, verbs, whether anyone may call them, and why a file fails to load.
	 *
	 * ## OPTIONS
	 *
	 * [--fields=<fields>]
	 * : The columns, comma-separated: slug, route, verbs, public, error (the default), and schedules (each #[Schedule] method with its recurrence, next and last run).
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
	 * ## EXAMPLES
	 *
	 *     wp svc routes
	 *     wp svc routes --format=json
	 *     wp svc routes --fields=slug,schedules
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$known  = array( 'slug', 'route', 'verbs', 'public', 'error', 'schedules' );
		$fields = isset( $assoc_args['fields'] ) ? array_map( 'trim', explode( ',', $assoc_args['fields'] ) ) : array( 'slug', 'route', 'verbs', 'public', 'error' );
		$wrong  = array_diff( $fields, $known );
		if ( array() !== $wrong ) {
			WP_CLI::error( sprintf( 'Unknown field "%s": the fields are %s.', implode( '", "', $wrong ), implode( ', ', $known ) ) );
		}
		$format = $assoc_args['format'] ?? 'table';
		$rows   = RouteRows::of( ( $this->build )() );
		if ( 'table' === $format || 'csv' === $format ) {
			$rows = array_map(
				static fn ( array $row ): array => array(
					'verbs'     => implode( ',', $row['verbs'] ),
					'public'    => $row['public'] ? 'yes' : 'no',
					'error'     => $row['error'] ?? '',
					'schedules' => implode( '; ', array_map( array( CommandText::class, 'schedule' ), $row['schedules'] ) ),
				) + $row,
				$rows
			);
		}
		WP_CLI\Utils\format_items( $format, $rows, $fields );
	}
}
