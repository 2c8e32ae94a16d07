<?php
declare(strict_types=1);

use Svc\Api\Attribute\Args;
use Svc\Api\Attribute\Returns;

/**
 * GET /wp-json/svc-api/v1/posts/recent — callers present a shared secret header instead of logging in.
 */
final class RecentPosts {

	/** Replaces the closed default for every verb of this file. */
	public function permission( WP_REST_Request $request ): bool {
		return hash_equals( 'let-me-in', (string) $request->get_header( 'X-Demo-Key' ) );
	}

	/**
	 * The latest posts' IDs and titles.
	 */
	#[Args(['count' => ['type' => 'integer', 'minimum' => 1, 'maximum' => 20, 'default' => 5]])]
	#[Returns(['type' => 'object', 'properties' => ['posts' => ['type' => 'array', 'required' => true, 'items' => [
		'type'       => 'object',
		'properties' => ['id' => ['type' => 'integer', 'required' => true], 'title' => ['type' => 'string', 'required' => true]],
	]]]])]
	public function get( WP_REST_Request $request ): array {
		$titles = array();
		foreach ( get_posts( array( 'numberposts' => $request['count'] ) ) as $post ) {
			$titles[] = array( 'id' => $post->ID, 'title' => get_the_title( $post ) );
		}
		return array( 'posts' => $titles );
	}
}
