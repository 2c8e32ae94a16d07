<?php
/**
 * The admin page's early cache: where cached answers are served from, hits and misses, two buttons.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Admin;

use Svc\EarlyCache\DropIn;
use Svc\EarlyCache\EntryPoint;
use Svc\EarlyCache\Publisher;
use Svc\EarlyCache\RouteIndex;
use Svc\EarlyCache\StoreChoice;
use Svc\Manifest\ManifestStore;
use Svc\Release\NodeCounts;
use Svc\Rest\CacheController;
use Svc\Settings\RouteNamespace;
use Svc\Storage\Paths;

/**
 * Rendered by the server. "Turn on" is the administrator's consent to edit wp-config.php (WP_CACHE)
 * and install svc's advanced-cache.php; it is offered only where that is svc's to do. "Purge" makes
 * every cached answer unreachable on every node. Both are admin-post forms with a nonce, checked
 * for the page's capability.
 */
final class EarlyCacheSection {

	public const ACTION = 'svc_early_cache';

	/** The notice after a form, in the redirect's query. */
	private const DONE = 'svc_early_cache_done';

	/**
	 * @param \Closure(): ManifestStore $store The active release's manifest, built when the section renders.
	 */
	public function __construct( private readonly \Closure $store ) {
	}

	public function set_up(): void {
		add_action( 'admin_post_' . self::ACTION, array( $this, 'handle' ) );
	}

	/**
	 * @internal
	 */
	public function handle(): void {
		if ( ! current_user_can( AdminPage::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'svc' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( self::ACTION );
		$what = isset( $_POST['svc_do'] ) && is_string( $_POST['svc_do'] ) ? sanitize_key( wp_unslash( $_POST['svc_do'] ) ) : '';
		if ( 'enable' === $what ) {
			$problem = DropIn::enable();
			$done    = null === $problem ? 'enabled' : 'enable_failed';
		} elseif ( 'purge' === $what ) {
			// As the management API and `wp svc cache purge` do: recorded, then this node's index.
			$result = ( new CacheController( ( $this->store )(), new RouteNamespace(), Paths::for_site() ) )->run( null );
			$done   = ! is_wp_error( $result ) ? 'purged' : ( 'svc_purge_not_served' === $result->get_error_code() ? 'purge_not_served' : 'purge_failed' );
		} else {
			$done = '';
		}
		wp_safe_redirect( add_query_arg( self::DONE, $done, admin_url( 'options-general.php?page=' . AdminPage::SLUG ) ) );
		exit;
	}

	public function render(): void {
		echo '<h2>' . esc_html__( 'Cached answers', 'svc' ) . '</h2>';
		$this->render_notice();
		$status = DropIn::status();
		$where  = EntryPoint::DROPIN === $status['entry']
			? __( 'Routes with #[Cache] are answered from the store before WordPress loads plugins (svc\'s advanced-cache.php).', 'svc' )
			: __( 'Routes with #[Cache] are answered from the store as svc\'s plugin loads, after the plugins before it.', 'svc' );
		$why    = array(
			EntryPoint::WP_CACHE_OFF   => __( 'WP_CACHE is off in wp-config.php; turning it on lets svc answer before any plugin loads.', 'svc' ),
			EntryPoint::FOREIGN_DROPIN => __( 'Another plugin\'s advanced-cache.php (a page cache) is installed; svc leaves it in place.', 'svc' ),
			EntryPoint::INSTALL        => __( 'svc\'s advanced-cache.php is missing.', 'svc' ),
			EntryPoint::DISABLED       => __( 'A filter turns advanced-cache.php off (enable_loading_advanced_cache_dropin).', 'svc' ),
		);
		$store  = 'object-cache' === $status['store'] ? __( 'Answers are kept in the persistent object cache, shared by every web node.', 'svc' ) : __( 'Answers are kept on this web node\'s disk.', 'svc' );
		printf( '<p class="svc-early-cache-status" data-entry="%s" data-reason="%s">%s %s %s</p>', esc_attr( $status['entry'] ), esc_attr( $status['reason'] ), esc_html( $where ), esc_html( $why[ $status['reason'] ] ?? '' ), esc_html( $store ) );
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="svc-early-cache-actions">';
		wp_nonce_field( self::ACTION );
		echo '<input type="hidden" name="action" value="' . esc_attr( self::ACTION ) . '" />';
		if ( in_array( $status['reason'], array( EntryPoint::WP_CACHE_OFF, EntryPoint::INSTALL ), true ) ) {
			echo '<button type="submit" name="svc_do" value="enable" class="button button-primary">' . esc_html__( 'Turn on (sets WP_CACHE in wp-config.php)', 'svc' ) . '</button> ';
		}
		echo '<button type="submit" name="svc_do" value="purge" class="button">' . esc_html__( 'Purge every cached answer', 'svc' ) . '</button>';
		echo '</form>';
		$this->render_counts();
	}

	private function render_notice(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which notice to show after the checked form redirected here.
		$done     = isset( $_GET[ self::DONE ] ) && is_string( $_GET[ self::DONE ] ) ? sanitize_key( wp_unslash( $_GET[ self::DONE ] ) ) : '';
		$messages = array(
			'enabled'          => array( 'success', __( 'WP_CACHE is on and svc\'s advanced-cache.php is installed.', 'svc' ) ),
			'enable_failed'    => array( 'error', __( 'The early cache could not be turned on: see the line below for why, or run wp svc cache enable.', 'svc' ) ),
			'purged'           => array( 'success', __( 'Every cached answer was purged.', 'svc' ) ),
			'purge_failed'     => array( 'error', __( 'The cached answers could not be purged; nothing was purged.', 'svc' ) ),
			'purge_not_served' => array( 'error', CacheController::not_served_message() ),
		);
		if ( isset( $messages[ $done ] ) ) {
			printf( '<div class="notice notice-%s inline svc-early-cache-notice"><p>%s</p></div>', esc_attr( $messages[ $done ][0] ), esc_html( $messages[ $done ][1] ) );
		}
	}

	private function render_counts(): void {
		$scope = Publisher::scope();
		$files = array_filter( ( $this->store )()->verified()['files'], array( RouteIndex::class, 'served_early' ) );
		if ( null === $scope || array() === $files ) {
			return;
		}
		ksort( $files, SORT_STRING );
		$counts = NodeCounts::of( StoreChoice::in_wordpress(), array_map( 'strval', array_keys( $files ) ) );
		echo '<table class="widefat striped svc-early-cache-counts"><thead><tr><th>' . esc_html__( 'Route file', 'svc' ) . '</th><th>' . esc_html__( 'Hits', 'svc' ) . '</th><th>' . esc_html__( 'Misses', 'svc' ) . '</th></tr></thead><tbody>';
		foreach ( array_keys( $files ) as $slug ) {
			$count = $counts[ $slug ] ?? array(
				'hits'   => 0,
				'misses' => 0,
			);
			printf( '<tr data-route="%1$s"><td><code>%2$s</code></td><td>%3$s</td><td>%4$s</td></tr>', esc_attr( (string) $slug ), esc_html( $slug . '.php' ), esc_html( number_format_i18n( $count['hits'] ) ), esc_html( number_format_i18n( $count['misses'] ) ) );
		}
		echo '</tbody></table>';
	}
}
