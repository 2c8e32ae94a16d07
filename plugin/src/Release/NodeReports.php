<?php
/**
 * What each web node of the site serves, as it last said.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * A site run by several web nodes on one database keeps one copy of the active release per node
 * (`wp-content/svc/api/`); an edit made on one node only (SFTP) is invisible to the others. Each node
 * records here, in the database they share, which release it serves and how its files differ from
 * it, so that any node can show every node's drift (the listing, `GET status`, the admin page).
 *
 * A node is a copy of `wp-content`: nodes that share one (NFS) are one node here. A report is an
 * option of its own per node (never autoloaded: only management requests read them), so nodes never
 * overwrite each other's. A node is written when it syncs, commits or answers a management request,
 * and at most every few minutes otherwise; one not heard of for a day (`svc_node_ttl`) is gone.
 *
 * @phpstan-type Report array{node: string, release: int, drift: array<string, string>, seen: int}
 */
final class NodeReports {

	public const PREFIX = 'svc_node_';

	/** Seconds after which an unchanged report is written again, to show the node is alive. */
	private const REFRESH = 300;

	/** @var array<string, Report>|null This request's reading of the reports. */
	private ?array $read = null;

	/**
	 * This node's name: the constant SVC_NODE_NAME, else host and the real path of wp-content (nodes
	 * sharing one wp-content resolve to one path; a second site on the same host to another).
	 */
	public static function this_node(): string {
		if ( defined( 'SVC_NODE_NAME' ) && is_string( SVC_NODE_NAME ) && '' !== SVC_NODE_NAME ) {
			return SVC_NODE_NAME;
		}
		$content = realpath( WP_CONTENT_DIR );
		return gethostname() . ':' . ( false === $content ? WP_CONTENT_DIR : $content );
	}

	private static function option( string $node ): string {
		return self::PREFIX . substr( md5( $node ), 0, 16 );
	}

	/**
	 * Records what this node serves now. Writes only when it changed or the report is getting old.
	 *
	 * @param array<string, string> $drift Slug => 'changed', 'added' or 'missing' (see Drift).
	 */
	public function record( int $release, array $drift ): void {
		$node   = self::this_node();
		$before = $this->all()[ $node ] ?? null;
		ksort( $drift, SORT_STRING );
		if ( null !== $before && $before['release'] === $release && $before['drift'] === $drift && time() - $before['seen'] < self::REFRESH ) {
			return;
		}
		$report = array(
			'node'    => $node,
			'release' => $release,
			'drift'   => $drift,
			'seen'    => time(),
		);
		update_option( self::option( $node ), $report, false );
		if ( null !== $this->read ) {
			$this->read[ $node ] = $report;
		}
	}

	/**
	 * Every node heard of within the TTL, by name (this node's own report included once it made one).
	 *
	 * @return array<string, Report>
	 */
	public function all(): array {
		if ( null !== $this->read ) {
			return $this->read;
		}
		global $wpdb;
		$rows    = (array) $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%' ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$oldest  = time() - self::ttl();
		$reports = array();
		foreach ( $rows as $row ) {
			$report = maybe_unserialize( (string) $row['option_value'] );
			if ( ! is_array( $report ) || ! isset( $report['node'], $report['seen'] ) ) {
				continue;
			}
			if ( (int) $report['seen'] < $oldest ) {
				// A node replaced or taken out of the pool: forget it.
				delete_option( (string) $row['option_name'] );
				continue;
			}
			$reports[ (string) $report['node'] ] = array(
				'node'    => (string) $report['node'],
				'release' => (int) ( $report['release'] ?? 0 ),
				'drift'   => array_map( 'strval', (array) ( $report['drift'] ?? array() ) ),
				'seen'    => (int) $report['seen'],
			);
		}
		ksort( $reports, SORT_STRING );
		$this->read = $reports;
		return $reports;
	}

	/**
	 * Whether more than one node serves this site (nodes sharing a wp-content count as one).
	 */
	public function several(): bool {
		return count( $this->all() ) > 1;
	}

	/**
	 * The other nodes whose files differ from the release they serve.
	 *
	 * @return array<string, Report>
	 */
	public function drifted_elsewhere(): array {
		$node = self::this_node();
		return array_filter( $this->all(), static fn ( array $report ): bool => $report['node'] !== $node && array() !== $report['drift'] );
	}

	/**
	 * Each drifted slug with the nodes where it differs and how, for the listing's records.
	 *
	 * @return array<string, list<array{node: string, state: string}>>
	 */
	public function drift_by_slug(): array {
		$slugs = array();
		foreach ( $this->all() as $report ) {
			foreach ( $report['drift'] as $slug => $state ) {
				$slugs[ (string) $slug ][] = array(
					'node'  => $report['node'],
					'state' => $state,
				);
			}
		}
		return $slugs;
	}

	/**
	 * The reports as `GET status` shows them, oldest node name first.
	 *
	 * @return list<array{node: string, this: bool, release: int, seen: string, drift: array<string, string>|object}>
	 */
	public function records(): array {
		$node    = self::this_node();
		$records = array();
		foreach ( $this->all() as $report ) {
			$records[] = array(
				'node'    => $report['node'],
				'this'    => $report['node'] === $node,
				'release' => $report['release'],
				'seen'    => gmdate( 'Y-m-d\TH:i:s\Z', $report['seen'] ),
				// An object in JSON even when empty.
				'drift'   => array() === $report['drift'] ? (object) array() : $report['drift'],
			);
		}
		return $records;
	}

	public static function ttl(): int {
		/**
		 * Filters after how many seconds without news a web node is taken to be gone. Default a day.
		 *
		 * @param int $seconds
		 */
		return max( 60, (int) apply_filters( 'svc_node_ttl', 86400 ) ); // A day.
	}

	/**
	 * For uninstall: every node's report.
	 */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		wp_cache_delete( 'alloptions', 'options' );
	}
}
