<?php
/**
 * Plugin Name: svc e2e limits
 * Description: Lets end-to-end tests lower svc's size limits at run time through two options.
 */

// The per-file limit is lowered for route files only: the filter is documented as called with ( bytes, 'api' ).
add_filter(
	'svc_max_file_bytes',
	static function ( $bytes, $subdir = null ) {
		$limit = get_option( 'svc_e2e_max_file_bytes' );
		return ( $limit && 'api' === $subdir ) ? (int) $limit : $bytes;
	},
	10,
	2
);

add_filter(
	'svc_max_files_total_bytes',
	static function ( $bytes ) {
		$limit = get_option( 'svc_e2e_max_files_total_bytes' );
		return $limit ? (int) $limit : $bytes;
	}
);
