<?php
/**
 * Plugin Name: svc local site
 * Description: Keeps a throwaway WordPress self-contained. Installed by svc (local-site/site-steps.ts).
 */

// There is no mail transport on a throwaway site: report every mail as sent instead of letting
// PHPMailer shell out to a missing sendmail (noise in the logs, and a slow failure).
add_filter( 'pre_wp_mail', '__return_true' );
