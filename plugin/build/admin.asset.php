<?php return array('dependencies' => array('wp-element', 'wp-components', 'wp-api-fetch', 'wp-i18n'), 'version' => '433d1669f1a43e2fcb31');
