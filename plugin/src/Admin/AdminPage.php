<?php
/**
 * The "svc" page under Settings: the API tab and the Settings tab.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Admin;

/**
 * Registers the page and loads the React app built into `plugin/build/` (see
 * scripts/build-admin.mjs). The app talks only to the `svc/v1` management endpoints through
 * `wp.apiFetch`, which carries the REST nonce WordPress sets up for `wp-api-fetch`; the PHP side
 * renders nothing but the root element.
 */
final class AdminPage {

	public const SLUG       = 'svc';
	// Who manages svc is who may call its management endpoints and closed routes.
	public const CAPABILITY = \Svc\Runtime\Authorizer::DEFAULT_CAPABILITY;
	public const ROOT_ID    = 'svc-admin-root';

	private const HANDLE = 'svc-admin';

	/** The page's hook suffix (`settings_page_svc`), known once the menu is built. */
	private string $hook_suffix = '';

	public function set_up(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * @internal
	 */
	public function add_page(): void {
		$hook_suffix = add_options_page(
			__( 'svc', 'svc' ),
			__( 'svc', 'svc' ),
			self::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
		$this->hook_suffix = is_string( $hook_suffix ) ? $hook_suffix : '';
	}

	/**
	 * @internal
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix ) {
			return;
		}
		$build = plugin_dir_path( SVC_PLUGIN_FILE ) . 'build/';
		$asset = AssetFile::load( $build . 'admin.asset.php' );
		if ( null === $asset ) {
			add_action( 'admin_notices', array( $this, 'missing_build_notice' ) );
			return;
		}
		wp_enqueue_script(
			self::HANDLE,
			plugins_url( 'build/admin.js', SVC_PLUGIN_FILE ),
			$asset->dependencies,
			$asset->version,
			true
		);
		wp_set_script_translations( self::HANDLE, 'svc', plugin_dir_path( SVC_PLUGIN_FILE ) . 'languages' );
		// wp-components' styles are not loaded on ordinary admin screens; the page's own depend on them.
		wp_enqueue_style( self::HANDLE, plugins_url( 'build/admin.css', SVC_PLUGIN_FILE ), array( 'wp-components' ), $asset->version );
	}

	/**
	 * @internal
	 */
	public function render(): void {
		// WordPress checked the menu's capability before calling this; checked again on purpose.
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'svc' ), '', array( 'response' => 403 ) );
		}
		?>
		<div class="wrap">
			<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
			<div id="<?php echo esc_attr( self::ROOT_ID ); ?>" data-rest-root="<?php echo esc_url( get_rest_url() ); ?>">
				<noscript><p><?php esc_html_e( 'This page needs JavaScript.', 'svc' ); ?></p></noscript>
			</div>
		</div>
		<?php
	}

	/**
	 * @internal
	 */
	public function missing_build_notice(): void {
		printf(
			'<div class="notice notice-error"><p>%s</p></div>',
			esc_html__( 'The svc admin page is not built: run "npm run build:admin" in the svc repository.', 'svc' )
		);
	}
}
