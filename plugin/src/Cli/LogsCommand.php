<?php
/**
 * `wp svc logs`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Events\EventStore;
use Svc\Release\Schema;
use Svc\Rest\EventsController;
use WP_CLI;
use WP_REST_Request;

/**
 * Prints the events the plugin recorded.
 */
final class LogsCommand {

	/**
	 * Prints what the plugin recorded: load failures, throwing checks, releases.
	 *
	 * ## OPTIONS
	 *
	 * [--since=<duration>]
	 * : Only events younger than this: 30s, 15m, 2h or 1d.
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
		$request = new WP_REST_Request( 'GET', '/svc/v1/events' );
		$request->set_param( 'per_page', EventStore::keep() );
		if ( isset( $assoc_args['since'] ) ) {
			$request->set_param( 'max_age', self::seconds( $assoc_args['since'] ) );
		}
		Schema::ensure();
		$events = (array) ( new EventsController( new EventStore() ) )->index( $request )->get_data()['events'];
		$rows   = array_map(
			static fn ( array $event ): array => array(
				'time'    => $event['time'],
				'type'    => $event['type'],
				'slug'    => $event['slug'] ?? '',
				'message' => $event['message'],
				'user'    => is_array( $event['user'] ) ? $event['user']['login'] : '',
			),
			array_reverse( $events )
		);
		WP_CLI\Utils\format_items( $assoc_args['format'] ?? 'table', $rows, array( 'time', 'type', 'slug', 'message', 'user' ) );
	}

	/** A duration such as 30s, 15m, 2h or 1d, in seconds; WP_CLI::error() for anything else. */
	private static function seconds( string $duration ): int {
		return CommandText::seconds( $duration ) ?? WP_CLI::error( sprintf( 'A duration is a number and a unit (30s, 15m, 2h, 1d), not "%s".', $duration ) );
	}
}
