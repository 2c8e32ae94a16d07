<?php return array('dependencies' => array('wp-element', 'wp-components', 'wp-api-fetch', 'wp-i18n'), 'version' => 'ff1ffa177e70d1b58f32');
