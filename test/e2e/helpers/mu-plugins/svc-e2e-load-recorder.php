<?php
/**
 * Plugin Name: svc e2e load recorder
 * Description: Records every request that loads WordPress's plugins, so a test counts the requests
 * the early cache did not answer (a hit never reaches a plugin's code).
 */

file_put_contents( WP_CONTENT_DIR . '/loads.log', $_SERVER['REQUEST_URI'] . "\n", FILE_APPEND );
