/**
 * What svc says when credentials do not reach WordPress: a wrong password and a stripped header
 * are told apart (WordPress names a wrong password; a stripped header leaves it answering as to
 * a visitor), and the stripped header's fix is the same text in `svc doctor`, login and every
 * command.
 */

/** svc's own header, sent beside Authorization for hosts that strip it (the plugin's AuthorizationFallback). */
export const FALLBACK_HEADER = 'x-svc-authorization';

/** WordPress's codes for credentials that arrived and were wrong. */
export const WRONG_CREDENTIALS = new Set(['incorrect_password', 'invalid_username', 'invalid_email', 'application_passwords_disabled_for_user']);

export const WRONG_PASSWORD_HINT = 'Check the user name and create a new application password (Users → Profile → Application Passwords), then run "svc login" again.';

export const STRIPPED_HEADER_FIX =
	'Apache with PHP as CGI/FastCGI (proxy_fcgi, PHP-FPM) drops the Authorization header. Add to .htaccess, above WordPress\'s block: "CGIPassAuth On" (Apache 2.4.13+), or "RewriteEngine On" + "RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]"; on nginx: "fastcgi_param HTTP_AUTHORIZATION $http_authorization;". Behind a proxy or CDN, let it forward Authorization. svc also sends the password as X-Svc-Authorization, unless the site defines SVC_AUTHORIZATION_FALLBACK as false.';

const APACHE_FIX =
	'Apache passes Authorization to PHP-FPM/CGI only when told to. Add to .htaccess, above WordPress\'s block: "CGIPassAuth On" (Apache 2.4.13+), or "RewriteEngine On" + "RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]" (WordPress\'s own .htaccess has this line: restore it).';
const NGINX_FIX = 'nginx passes Authorization to PHP-FPM only when told to: add "fastcgi_param HTTP_AUTHORIZATION $http_authorization;" to the location that passes .php files to PHP, then reload nginx.';
const LITESPEED_FIX =
	'Add to .htaccess, above WordPress\'s block: "RewriteEngine On" + "RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]" (WordPress\'s own .htaccess has this line: restore it).';

/** The fix for the server the site says it runs (diagnostics' server.software), else every server's. */
export function strippedHeaderFix(software: string | undefined): string {
	const server = software?.toLowerCase();
	if (server === 'apache') return APACHE_FIX;
	if (server === 'nginx') return NGINX_FIX;
	if (server === 'litespeed') return LITESPEED_FIX;
	return STRIPPED_HEADER_FIX;
}
