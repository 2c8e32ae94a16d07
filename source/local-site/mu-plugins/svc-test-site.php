<?php
/**
 * Plugin Name: svc test site
 * Description: Keeps the throwaway test WordPress self-contained. Installed by svc's local-site/wordpress.ts.
 */

// There is no mail transport on a test machine: report every mail as sent instead of letting
// PHPMailer shell out to a missing sendmail (noise in the logs, and a slow failure).
add_filter( 'pre_wp_mail', '__return_true' );
