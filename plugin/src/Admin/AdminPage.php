<?php
/**
 * The "svc" page under Settings: the API tab and the Settings tab.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Admin;

use Svc\Components;
use Svc\Manifest\ManifestStore;
use Svc\Network\DeployCapability;
use Svc\Release\DeployPolicy;
use Svc\Release\NodeReports;
use Svc\Release\PreviewToken;
use Svc\Release\ReleaseKind;
use Svc\Release\ReleaseStore;
use Svc\Secrets\SecretStore;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;

/**
 * Registers the page and loads the React app built into `plugin/build/` (see
 * scripts/build-admin.mjs). The app talks only to the `svc/v1` management endpoints through
 * `wp.apiFetch`, which carries the REST nonce WordPress sets up for `wp-api-fetch`; the PHP side
 * renders nothing but the root element.
 */
final class AdminPage {

	public const SLUG = 'svc';
	// Who manages svc is who may call its management endpoints and closed routes.
	public const CAPABILITY = \Svc\Runtime\Authorizer::DEFAULT_CAPABILITY;
	public const ROOT_ID    = 'svc-admin-root';

	private const HANDLE = 'svc-admin';

	/** The page's hook suffix (`settings_page_svc`), known once the menu is built. */
	private string $hook_suffix = '';

	public function set_up(): void {
		self::early_cache()->set_up();
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	private static function early_cache(): EarlyCacheSection {
		return new EarlyCacheSection( static fn (): ManifestStore => Components::manifest_store( new RouteFiles( Paths::for_site() ) ) );
	}

	/**
	 * @internal
	 */
	public function add_page(): void {
		$hook_suffix       = add_options_page(
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
			<?php $this->render_deploy_state(); ?>
			<div id="<?php echo esc_attr( self::ROOT_ID ); ?>" data-rest-root="<?php echo esc_url( get_rest_url() ); ?>">
				<noscript><p><?php esc_html_e( 'This page needs JavaScript.', 'svc' ); ?></p></noscript>
			</div>
			<?php ( new SecretsSection( SecretStore::for_site() ) )->render(); ?>
			<?php self::early_cache()->render(); ?>
		</div>
		<?php
	}

	/**
	 * Whether svc may deploy here and which release is active: facts of the server, so printed by it.
	 */
	private function render_deploy_state(): void {
		if ( ! DeployPolicy::allowed() ) {
			printf( '<div class="notice notice-warning inline svc-deploy-disallowed"><p>%s</p></div>', esc_html( DeployPolicy::reason() ) );
		} elseif ( ! DeployCapability::allowed() ) {
			// A site administrator of a network sees the page, and why their pushes are refused.
			printf( '<div class="notice notice-info inline svc-deploy-forbidden"><p>%s</p></div>', esc_html( DeployCapability::reason() ) );
		}
		$this->render_node_drift();
		$releases = new ReleaseStore();
		$active   = $releases->active_id();
		$release  = 0 === $active ? null : $releases->get( $active );
		if ( null === $release ) {
			return;
		}
		printf(
			'<p class="svc-active-release">%s%s</p>',
			esc_html(
				sprintf(
					/* translators: 1: release id, 2: how long ago, 3: user login, 4: number of files */
					_n( 'Active release: #%1$d, deployed %2$s ago by %3$s (%4$d file).', 'Active release: #%1$d, deployed %2$s ago by %3$s (%4$d files).', count( $release['files'] ), 'svc' ),
					$release['id'],
					human_time_diff( $release['created'] ),
					self::author( $release ),
					count( $release['files'] )
				)
			),
			self::message( $release ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by message().
		);
		$this->render_previews( $releases );
	}

	/**
	 * The previews that can still be served: who made each, until when, and why. Their tokens were
	 * shown once, to whoever pushed them; the site has only their hashes.
	 */
	private function render_previews( ReleaseStore $releases ): void {
		$now  = time();
		$live = array_filter( $releases->all(), static fn ( array $release ): bool => ReleaseKind::is_preview( $release['kind'] ) && ! PreviewToken::expired( $release['expires'], $now ) );
		if ( array() === $live ) {
			return;
		}
		echo '<ul class="svc-previews">';
		foreach ( $live as $preview ) {
			printf(
				'<li>%s%s</li>',
				esc_html(
					sprintf(
						/* translators: 1: release id, 2: user login, 3: how long until it expires */
						__( 'Preview #%1$d by %2$s, served to requests with its token for %3$s more (svc api promote %1$d makes it active).', 'svc' ),
						$preview['id'],
						self::author( $preview ),
						human_time_diff( $now, (int) $preview['expires'] )
					)
				),
				self::message( $preview ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by message().
			);
		}
		echo '</ul>';
	}

	/**
	 * @param array<string, mixed> $release A ReleaseStore release.
	 */
	private static function author( array $release ): string {
		$login = (string) ( $release['user_login'] ?? '' );
		if ( '' === $login ) {
			$user  = get_userdata( (int) $release['user_id'] );
			$login = false === $user ? '' : $user->user_login;
		}
		return '' === $login ? __( 'an unknown user', 'svc' ) : $login;
	}

	/**
	 * The release's message as escaped HTML (it is whatever the person typed), or ''.
	 *
	 * @param array<string, mixed> $release A ReleaseStore release.
	 */
	private static function message( array $release ): string {
		$message = $release['message'] ?? null;
		return is_string( $message ) && '' !== $message ? ' <q class="svc-release-message">' . esc_html( $message ) . '</q>' : '';
	}

	/**
	 * On a site run by several web nodes, a warning for each node whose files differ from the
	 * release it serves (an edit made on that node only), as the nodes last reported it.
	 */
	private function render_node_drift(): void {
		$nodes = new NodeReports();
		if ( ! $nodes->several() ) {
			return;
		}
		foreach ( $nodes->all() as $report ) {
			if ( array() === $report['drift'] ) {
				continue;
			}
			$files = array();
			foreach ( $report['drift'] as $slug => $state ) {
				$files[] = $slug . '.php (' . $state . ')';
			}
			printf(
				'<div class="notice notice-warning inline svc-node-drift"><p>%s</p></div>',
				esc_html(
					sprintf(
						/* translators: 1: web node name, 2: release id, 3: list of files with how they differ */
						__( 'Web node %1$s serves files that differ from release #%2$d: %3$s. Run svc api push to make every node serve the same files again.', 'svc' ),
						$report['node'],
						$report['release'],
						implode( ', ', $files )
					)
				)
			);
		}
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
