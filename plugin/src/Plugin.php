<?php
/**
 * Wires every hook of the plugin in one place.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc;

/**
 * The plugin's composition root.
 */
final class Plugin {

	private static ?Plugin $instance = null;

	public static function instance(): Plugin {
		return self::$instance ??= new Plugin();
	}

	public function set_up(): void {
	}
}
