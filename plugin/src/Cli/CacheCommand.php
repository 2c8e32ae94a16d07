<?php
/**
 * `wp svc cache`: the early cache from the server.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\EarlyCache\DropIn;
use Svc\Rest\CacheController;
use Svc\Routing\Slug;
use WP_CLI;

/**
 * Turns the early cache's drop-in on (WP_CACHE in wp-config.php, with the administrator's consent:
 * running this command is that consent), tells where cached answers are served from, and purges.
 */
final class CacheCommand {

	/**
	 * @param \Closure(): Components $build Builds the site's objects when a command needs them.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Turns WP_CACHE on in wp-config.php and installs svc's advanced-cache.php, so cached answers are served before WordPress loads plugins.
	 *
	 * Another plugin's advanced-cache.php (a page cache) is never replaced: svc then serves cached
	 * answers as its plugin loads, and this command says so.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc cache enable
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options (none).
	 */
	public function enable( array $args, array $assoc_args ): void {
		$problem = DropIn::enable();
		if ( null !== $problem ) {
			WP_CLI::error( $problem );
		}
		WP_CLI::success( __( 'WP_CACHE is on and svc\'s advanced-cache.php is installed: cached answers are served before WordPress loads plugins.', 'svc' ) );
		// This process's opcache is not the web server's: one that never revalidates keeps the old wp-config.php.
		WP_CLI::log( __( 'Where PHP\'s opcache does not revalidate files (opcache.validate_timestamps=0), reload PHP-FPM or the web server for WP_CACHE to take effect; the button on svc\'s admin page needs no reload.', 'svc' ) );
	}

	/**
	 * Removes svc's advanced-cache.php (another plugin's stays); cached answers are then served as svc's plugin loads. WP_CACHE is left as it is.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc cache disable
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options (none).
	 */
	public function disable( array $args, array $assoc_args ): void {
		DropIn::remove();
		WP_CLI::success( __( 'svc\'s advanced-cache.php is removed.', 'svc' ) );
	}

	/**
	 * Shows where cached answers are served from and why.
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
	 * ---
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function status( array $args, array $assoc_args ): void {
		$status = DropIn::status();
		if ( 'json' === ( $assoc_args['format'] ?? 'table' ) ) {
			WP_CLI::log( (string) wp_json_encode( $status ) );
			return;
		}
		$rows = array();
		foreach ( $status as $name => $value ) {
			$rows[] = array(
				'field' => $name,
				'value' => is_bool( $value ) ? ( $value ? 'yes' : 'no' ) : (string) $value,
			);
		}
		WP_CLI\Utils\format_items( 'table', $rows, array( 'field', 'value' ) );
	}

	/**
	 * Makes the cached answers of the named routes (every route without one) unreachable on every web node; the next request computes them again.
	 *
	 * ## OPTIONS
	 *
	 * [<slug>...]
	 * : Route file names, e.g. users/[id]. None: every route.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc cache purge
	 *     wp svc cache purge hello users/[id]
	 *
	 * @param list<string>          $args       Route slugs.
	 * @param array<string, string> $assoc_args Options (none).
	 */
	public function purge( array $args, array $assoc_args ): void {
		foreach ( $args as $name ) {
			$problem = Slug::removal_problem( $name );
			if ( null !== $problem ) {
				WP_CLI::error( sprintf( '%s: %s', $name, $problem ) );
			}
		}
		$components = ( $this->build )();
		$result     = ( new CacheController( $components->store, $components->route_namespace, $components->paths ) )->run( array() === $args ? null : array_values( array_unique( $args ) ) );
		if ( is_wp_error( $result ) ) {
			WP_CLI::error( $result->get_error_message() );
		}
		$purged = $result->get_data()['purged'] ?? 'all';
		WP_CLI::success(
			is_array( $purged )
				/* translators: %s: route file names */
				? sprintf( __( 'Purged the cached answers of %s.', 'svc' ), implode( ', ', $purged ) )
				: __( 'Purged every cached answer.', 'svc' )
		);
	}
}
