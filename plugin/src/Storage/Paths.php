<?php
/**
 * Where svc keeps its files on the site.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * The `wp-content/svc/` tree: `api/` (route files: a link to the active release's copy in
 * `trees/`), `lib/` (SvcLib\ code), `vendor/` (Composer), `cache/` (derived data, safe to delete).
 *
 * Route files are read and included through the tree's own path, never through the `api` link:
 * PHP caches resolved paths (realpath cache) and opcache keys compiled files by path, so a path
 * that names the release keeps both honest across a swap, even with `validate_timestamps=0`.
 */
final class Paths {

	/** A tree's directory name: the release it holds, then a random part (a tree is never rewritten). */
	public const TREE_PATTERN = '/^r(\d+)-[a-f0-9]{8,32}$/';
	/** A preview's tree: never linked as `api`, served through its own path to requests with its token. */
	public const PREVIEW_PATTERN = '/^p(\d+)-[a-f0-9]{8,32}$/';

	private ?string $served = null;

	/**
	 * @param string      $root The site's tree.
	 * @param string|null $base Where svc's directories begin, when above the tree (a network's
	 *                          `wp-content/svc` above `sites/<id>`): each level gets its listing guard.
	 */
	public function __construct( private readonly string $root, private readonly ?string $base = null ) {
	}

	/**
	 * The tree of one site: `wp-content/svc` for a single site and for site 1 of a network (the site
	 * the network was made from keeps its files where they were), `wp-content/svc/sites/<id>` for
	 * every other site of a network, as WordPress lays out uploads. Each site deploys, serves and
	 * caches only from its own tree.
	 *
	 * @param int|null $blog_id Default: the current site.
	 */
	public static function for_site( ?int $blog_id = null ): Paths {
		return new Paths( self::site_root( $blog_id ?? get_current_blog_id() ), WP_CONTENT_DIR . '/svc' );
	}

	public static function site_root( int $blog_id ): string {
		$root = WP_CONTENT_DIR . '/svc';
		return is_multisite() && 1 !== $blog_id ? $root . '/sites/' . $blog_id : $root;
	}

	public function root(): string {
		return $this->root;
	}

	/**
	 * The root itself, or on a network's other sites the `wp-content/svc` it is under.
	 */
	public function base(): string {
		return $this->base ?? $this->root;
	}

	/**
	 * `wp-content/svc/api`, as the specification names it: the link to the active tree (or, on a site
	 * svc never deployed to, a plain directory made by hand).
	 */
	public function api(): string {
		return $this->root . '/api';
	}

	public function trees(): string {
		return $this->root . '/trees';
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
	 * The directory the route files are served from: the tree `api` links to, or `api` itself when it
	 * is a plain directory. A link anywhere else (planted, not svc's) is never followed: nothing is
	 * served from it. readlink() is not cached by PHP, so this sees a swap made by another process.
	 */
	public function served(): string {
		if ( null !== $this->served ) {
			return $this->served;
		}
		$this->served = $this->resolve_served();
		return $this->served;
	}

	private function resolve_served(): string {
		$api = $this->api();
		if ( ! is_link( $api ) ) {
			return $api;
		}
		$target = (string) @readlink( $api ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- swapped away meanwhile: no tree.
		if ( str_starts_with( $target, 'trees/' ) && 1 === preg_match( self::TREE_PATTERN, substr( $target, 6 ) ) ) {
			return $this->root . '/' . $target;
		}
		return $this->root . '/.not-followed';
	}

	/**
	 * The name of the served tree (`r12-…`), or null when `api` is not a link to one.
	 */
	public function served_tree(): ?string {
		$served = $this->served();
		return str_starts_with( $served, $this->trees() . '/' ) ? basename( $served ) : null;
	}

	/**
	 * The release the served tree holds; 0 when no tree is served.
	 */
	public function served_release(): int {
		$tree = $this->served_tree();
		return null !== $tree && 1 === preg_match( self::TREE_PATTERN, $tree, $match ) ? (int) $match[1] : 0;
	}

	/**
	 * These paths with the route files served from the named tree, e.g. one being built.
	 */
	public function for_tree( string $tree ): Paths {
		$paths         = new Paths( $this->root, $this->base );
		$paths->served = $this->trees() . '/' . $tree;
		return $paths;
	}

	/**
	 * Forgets the resolved link, after svc swapped it.
	 */
	public function forget_served(): void {
		$this->served = null;
	}

	/**
	 * Absolute path of a served route file; the slug must be a relative path inside the tree.
	 */
	public function route_file( string $slug ): string {
		return $this->served() . '/' . $slug . '.php';
	}
}
