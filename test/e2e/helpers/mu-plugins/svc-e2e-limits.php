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

// How long staged contents wait for a release (svc_stage_ttl), lowered so expiry can be tested.
add_filter(
	'svc_stage_ttl',
	static function ( $seconds ) {
		$ttl = get_option( 'svc_e2e_stage_ttl' );
		return $ttl ? (int) $ttl : $seconds;
	}
);

// A hardened site: DISALLOW_FILE_MODS, and the opt-in constant, switched per test through options.
if ( get_option( 'svc_e2e_disallow_file_mods' ) && ! defined( 'DISALLOW_FILE_MODS' ) ) {
	define( 'DISALLOW_FILE_MODS', true );
}
if ( get_option( 'svc_e2e_allow_deploy' ) && ! defined( 'SVC_ALLOW_DEPLOY' ) ) {
	define( 'SVC_ALLOW_DEPLOY', true );
}

// How long a preview can be served and promoted (svc_preview_ttl), lowered so expiry can be tested.
add_filter(
	'svc_preview_ttl',
	static function ( $seconds ) {
		$ttl = get_option( 'svc_e2e_preview_ttl' );
		return $ttl ? (int) $ttl : $seconds;
	}
);

// The pause a staging answer asks for (svc_staging_pause_ms), set so its bounds can be tested: a number, or "text".
add_filter(
	'svc_staging_pause_ms',
	static function ( $milliseconds ) {
		$pause = get_option( 'svc_e2e_staging_pause_ms' );
		if ( false === $pause ) {
			return $milliseconds;
		}
		return 'text' === $pause ? 'a hundred' : (int) $pause;
	}
);
