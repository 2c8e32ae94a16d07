<?php return array('dependencies' => array('wp-element', 'wp-components', 'wp-api-fetch', 'wp-i18n'), 'version' => 'b5b3a4664552d1e056d3');
