<?php
/**
 * The admin page's list of secret names.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Admin;

use Svc\Secrets\Keyring;
use Svc\Secrets\SecretStore;

/**
 * Rendered by the server, like the deploy state: names, when each was last set, and which ones the
 * site's key no longer opens. Never a value; secrets are set with `svc secrets set`.
 */
final class SecretsSection {

	public function __construct( private readonly SecretStore $secrets ) {
	}

	public function render(): void {
		$problem = Keyring::problem();
		if ( null !== $problem ) {
			printf( '<div class="notice notice-error inline svc-secrets-key"><p>%s</p></div>', esc_html( $problem ) );
		}
		// Also before any secret is set: the place to define the key is before the first one.
		$exposure = Keyring::exposure();
		if ( null !== $exposure ) {
			printf( '<div class="notice notice-warning inline svc-secrets-key-source"><p>%s</p></div>', esc_html( $exposure ) );
		}
		$listing = $this->secrets->listing();
		if ( array() === $listing ) {
			return;
		}
		$unreadable = array_filter( $listing, static fn ( array $item ): bool => ! $item['readable'] );
		if ( array() !== $unreadable ) {
			printf(
				'<div class="notice notice-warning inline svc-secrets-unreadable"><p>%s</p></div>',
				esc_html(
					sprintf(
						/* translators: %s: comma-separated secret names */
						__( 'These secrets can no longer be read, because SVC_SECRETS_KEY or the site\'s salts changed since they were set: %s. Set them again with svc secrets set; until then route code gets null for them.', 'svc' ),
						implode( ', ', array_column( $unreadable, 'name' ) )
					)
				)
			);
		}
		echo '<h2>' . esc_html__( 'Secrets', 'svc' ) . '</h2>';
		echo '<table class="widefat striped svc-secrets"><thead><tr><th>' . esc_html__( 'Name', 'svc' ) . '</th><th>' . esc_html__( 'Last set', 'svc' ) . '</th></tr></thead><tbody>';
		foreach ( $listing as $item ) {
			printf(
				'<tr data-secret="%1$s"><td><code>%2$s</code>%3$s</td><td>%4$s</td></tr>',
				esc_attr( $item['name'] ),
				esc_html( $item['name'] ),
				$item['readable'] ? '' : ' <span class="svc-badge svc-secret-unreadable">' . esc_html__( 'Unreadable: set it again', 'svc' ) . '</span>',
				esc_html(
					0 === $item['updated']
						? __( 'unknown', 'svc' )
						/* translators: %s: how long ago, e.g. "5 mins" */
						: sprintf( __( '%s ago', 'svc' ), human_time_diff( $item['updated'] ) )
				)
			);
		}
		echo '</tbody></table>';
	}
}
