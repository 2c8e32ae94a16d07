<?php
/**
 * What static analysis needs to know of WP-CLI 2.10 (the official phar in ../shared/vendor/): the
 * calls the plugin's `wp svc` commands make, with the signatures of WP-CLI's own
 * php/class-wp-cli.php and php/utils.php. No stubs package is served here.
 *
 * @package Svc
 */

// phpcs:ignoreFile

namespace {

final class WP_CLI {
	/**
	 * @param string               $name
	 * @param callable|object|string $callable
	 * @param array<string, mixed> $args
	 */
	public static function add_command( $name, $callable, $args = array() ): bool {}
	/** @param string $message */
	public static function log( $message ): void {}
	/** @param string $message */
	public static function success( $message ): void {}
	/** @param string $message */
	public static function warning( $message ): void {}
	/**
	 * Prints the message and, with $exit (the default), ends the process with status 1.
	 *
	 * @param string|WP_Error|Exception|Throwable $message
	 * @param bool|int $exit
	 * @return never
	 */
	public static function error( $message, $exit = true ) {}
	/**
	 * Asks a yes/no question; ends the process unless answered yes or --yes was given.
	 *
	 * @param string               $question
	 * @param array<string, mixed> $assoc_args
	 */
	public static function confirm( $question, $assoc_args = array() ): void {}
	/**
	 * @param mixed                $value
	 * @param array<string, mixed> $assoc_args
	 */
	public static function print_value( $value, $assoc_args = array() ): void {}
}
}

namespace WP_CLI\Utils {

/**
 * @param string                   $format
 * @param array<int, array<string, mixed>|object> $items
 * @param array<int, string>|string $fields
 */
function format_items( $format, $items, $fields ): void {}

/**
 * @param array<string, mixed> $assoc_args
 * @param string               $flag
 * @param mixed                $default
 * @return mixed
 */
function get_flag_value( $assoc_args, $flag, $default = null ) {}
}
