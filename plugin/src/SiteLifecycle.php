<?php
/**
 * What becomes of a network site's svc data when the site is deleted.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc;

use Svc\Events\EventTable;
use Svc\Network\SiteScope;
use Svc\Release\Schema;
use Svc\Storage\Paths;
use Svc\Storage\TreeRemoval;
use WP_Site;

/**
 * A site deleted from the network takes its svc tables and its `wp-content/svc/sites/<id>/` with
 * it, as WordPress takes its own tables and uploads: nothing of it is served or kept afterwards.
 */
final class SiteLifecycle {

	public function set_up(): void {
		add_filter( 'wpmu_drop_tables', array( self::class, 'tables' ), 10, 2 );
		add_action( 'wp_uninitialize_site', array( self::class, 'remove_files' ) );
	}

	/**
	 * @internal Filter callback for `wpmu_drop_tables`.
	 *
	 * @param mixed $tables The tables WordPress drops with the site.
	 * @return mixed
	 */
	public static function tables( mixed $tables, int $blog_id ): mixed {
		if ( ! is_array( $tables ) ) {
			return $tables;
		}
		return array_merge( $tables, ( new SiteScope( $blog_id ) )->run( self::names( ... ) ) );
	}

	/**
	 * The current site's svc tables.
	 *
	 * @return list<string>
	 */
	public static function names(): array {
		return array( Schema::blobs(), Schema::releases(), EventTable::name() );
	}

	/**
	 * @internal Action callback for `wp_uninitialize_site`.
	 */
	public static function remove_files( WP_Site $site ): void {
		// Site 1's tree is the network's root of svc files: it goes only with the plugin (uninstall).
		if ( 1 !== (int) $site->blog_id ) {
			TreeRemoval::remove( Paths::site_root( (int) $site->blog_id ) );
		}
	}
}
