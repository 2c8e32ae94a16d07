<?php
/**
 * Where svc keeps its files on the site.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * The `wp-content/svc/` tree: `api/` (route files), `lib/` (SvcLib\ code), `vendor/` (Composer),
 * `cache/` (derived data, safe to delete).
 */
final class Paths {

	public function __construct( private readonly string $root ) {
	}

	public static function for_site(): Paths {
		return new Paths( WP_CONTENT_DIR . '/svc' );
	}

	public function root(): string {
		return $this->root;
	}

	public function api(): string {
		return $this->root . '/api';
	}

	public function lib(): string {
		return $this->root . '/lib';
	}

	public function vendor_autoload(): string {
		return $this->root . '/vendor/autoload.php';
	}

	public function cache(): string {
		return $this->root . '/cache';
	}

	/**
	 * Absolute path of a route file; the slug must already be valid (Slug::problem() is null).
	 */
	public function route_file( string $slug ): string {
		return $this->api() . '/' . $slug . '.php';
	}
}
