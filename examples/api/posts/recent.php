<?php
declare(strict_types=1);

/**
 * GET /wp-json/svc-api/v1/posts/recent — callers present a shared secret header instead of logging in.
 */
final class RecentPosts {

	/** Replaces the closed default for every verb of this file. */
	public function permission( WP_REST_Request $request ): bool {
		return hash_equals( 'let-me-in', (string) $request->get_header( 'X-Demo-Key' ) );
	}

	public function get(): array {
		$titles = array();
		foreach ( get_posts( array( 'numberposts' => 5 ) ) as $post ) {
			$titles[] = array( 'id' => $post->ID, 'title' => get_the_title( $post ) );
		}
		return array( 'posts' => $titles );
	}
}
