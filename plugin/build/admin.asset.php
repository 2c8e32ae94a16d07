<?php return array('dependencies' => array('wp-element', 'wp-components', 'wp-api-fetch', 'wp-i18n'), 'version' => 'fe4238988732cf56ce0d');
