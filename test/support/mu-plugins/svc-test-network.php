<?php
/**
 * Plugin Name: svc test network
 * Description: Helpers of the end-to-end tests' WordPress. Installed by test/support/wordpress.ts.
 */

/**
 * Adds a site at $path (e.g. '/site2/') to a multisite test network and returns its id. The
 * network's domain carries a port, which WordPress strips from a new site's domain (sanitize_user),
 * so the site is given it back, with its home and siteurl.
 */
function svc_test_add_site( string $path, string $title ): int {
	global $wpdb;
	$network = get_network();
	$id      = wp_insert_site(
		array(
			'domain'  => $network->domain,
			'path'    => $path,
			'title'   => $title,
			'user_id' => 1,
		)
	);
	if ( is_wp_error( $id ) ) {
		throw new RuntimeException( 'Adding the site failed: ' . $id->get_error_message() );
	}
	$wpdb->update( $wpdb->blogs, array( 'domain' => $network->domain ), array( 'blog_id' => $id ) );
	clean_blog_cache( $id );
	$url = 'http://' . $network->domain . untrailingslashit( $path );
	switch_to_blog( $id );
	update_option( 'home', $url );
	update_option( 'siteurl', $url );
	update_option( 'show_avatars', '0' );
	// Pretty permalinks, so its REST API is at <site>/wp-json/.
	global $wp_rewrite;
	$wp_rewrite->set_permalink_structure( '/%postname%/' );
	flush_rewrite_rules( false );
	restore_current_blog();
	return $id;
}
