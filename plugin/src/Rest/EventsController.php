<?php
/**
 * `svc/v1/events`: what the plugin recorded, for `svc api logs` and the admin page.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Events\EventStore;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md ("Events"). Newest first, paged by id: `before` pages back through
 * the history, `after` is what a client following the log asks for (everything since the newest
 * event it has).
 */
final class EventsController {

	public const PER_PAGE     = 50;
	public const MAX_PER_PAGE = 200;

	public function __construct( private readonly EventStore $store ) {
	}

	public function register(): void {
		$cursor = array(
			'type'    => 'integer',
			'minimum' => 0,
		);
		register_rest_route(
			Management::NAMESPACE,
			'/events',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'index' ),
					'permission_callback' => array( Management::class, 'check' ),
					'args'                => array(
						'before'   => $cursor,
						'after'    => $cursor,
						'max_age'  => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'per_page' => array(
							'type'    => 'integer',
							'minimum' => 1,
							'maximum' => self::MAX_PER_PAGE,
							'default' => self::PER_PAGE,
						),
					),
				),
			)
		);
	}

	public function index( WP_REST_Request $request ): WP_REST_Response {
		$int      = static fn ( string $name ): ?int => null === $request->get_param( $name ) ? null : (int) $request->get_param( $name );
		$max_age  = $int( 'max_age' );
		$since_ms = null === $max_age ? null : (int) round( microtime( true ) * 1000 ) - $max_age * 1000;
		$limit    = (int) $request->get_param( 'per_page' );
		// One more than asked: whether an older page exists is known without a second query.
		$events = $this->store->page( $int( 'before' ), $int( 'after' ), $since_ms, $limit + 1 );
		$more   = count( $events ) > $limit;
		$events = array_slice( $events, 0, $limit );
		$last   = end( $events );
		return new WP_REST_Response(
			array(
				'events' => array_map( array( self::class, 'record' ), $events ),
				'before' => $more && false !== $last ? $last['id'] : null,
				'latest' => $this->store->latest_id(),
			)
		);
	}

	/**
	 * @param array{id: int, created: int, type: string, slug: ?string, user_id: int, message: string, data: array<string, mixed>} $event
	 * @return array<string, mixed>
	 */
	public static function record( array $event ): array {
		$user = 0 === $event['user_id'] ? false : get_userdata( $event['user_id'] );
		return array(
			'id'      => $event['id'],
			'time'    => gmdate( 'Y-m-d\TH:i:s', intdiv( $event['created'], 1000 ) ) . sprintf( '.%03dZ', $event['created'] % 1000 ),
			'type'    => $event['type'],
			'slug'    => $event['slug'],
			'message' => $event['message'],
			'user'    => false === $user ? null : array(
				'id'    => $user->ID,
				'login' => $user->user_login,
			),
			'data'    => (object) $event['data'],
		);
	}
}
