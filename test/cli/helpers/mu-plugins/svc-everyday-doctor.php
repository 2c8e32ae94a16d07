<?php
/**
 * Plugin Name: svc everyday doctor
 * Description: Lets the svc doctor tests break a site the ways real hosts do, switched per test through options.
 */

// Apache with PHP as CGI/FastCGI: the Authorization header never reaches PHP.
if ( get_option( 'svc_doctor_strip_authorization' ) ) {
	unset( $_SERVER['PHP_AUTH_USER'], $_SERVER['PHP_AUTH_PW'], $_SERVER['HTTP_AUTHORIZATION'], $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] );
}

// The site turns svc's X-Svc-Authorization fallback off.
if ( get_option( 'svc_doctor_no_fallback' ) ) {
	define( 'SVC_AUTHORIZATION_FALLBACK', false );
}

// A site on plain http that is not a local environment: WordPress turns application passwords off.
add_filter(
	'wp_is_application_passwords_available',
	static function ( $available ) {
		return get_option( 'svc_doctor_no_application_passwords' ) ? false : $available;
	}
);
