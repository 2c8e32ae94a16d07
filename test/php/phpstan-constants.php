<?php
// Constants WordPress and the plugin bootstrap define at run time, for static analysis only.
define( 'ABSPATH', '/' );
define( 'WP_CONTENT_DIR', '/wp-content' );
define( 'SVC_VERSION', '0.0.0' );
define( 'SVC_PLUGIN_FILE', __FILE__ );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'HOUR_IN_SECONDS', 3600 );
