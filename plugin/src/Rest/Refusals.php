<?php
/**
 * How a refused release is said, and with which HTTP status.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Release\Refusal;
use WP_Error;

/**
 * One row per refusal code: its status and the facts its answer carries (docs/management-api.md),
 * and one message each. WP-CLI prints the same message.
 */
final class Refusals {

	/** Code => [HTTP status, the Refusal's data keys that go into the answer's `data`]. */
	private const ANSWERS = array(
		'svc_release_moved'       => array( 409, array( 'active' ) ),
		'svc_preview_outdated'    => array( 409, array( 'release', 'preview_base', 'active' ) ),
		'svc_not_found'           => array( 404, array( 'filenames' ) ),
		'svc_missing_blobs'       => array( 409, array( 'hashes' ) ),
		'svc_push_rejected'       => array( 422, array( 'errors' ) ),
		'svc_write_failed'        => array( 500, array() ),
		'svc_no_previous_release' => array( 409, array() ),
		'svc_release_not_found'   => array( 404, array( 'release' ) ),
		'svc_release_is_preview'  => array( 409, array( 'release' ) ),
		'svc_not_a_preview'       => array( 409, array( 'release' ) ),
		'svc_preview_expired'     => array( 410, array( 'release' ) ),
		'svc_commit_id_reused'    => array( 409, array( 'release' ) ),
	);

	public static function error( Refusal $refusal ): WP_Error {
		list( $status, $keys ) = self::ANSWERS[ $refusal->code ] ?? array( 500, array() );
		return new WP_Error( $refusal->code, self::message( $refusal ), array( 'status' => $status ) + array_intersect_key( $refusal->data, array_flip( $keys ) ) );
	}

	private static function message( Refusal $refusal ): string {
		$data = $refusal->data;
		switch ( $refusal->code ) {
			case 'svc_release_moved':
				/* translators: 1: release the client planned against, 2: the active release */
				return sprintf( __( 'Release %2$d became active after this change was planned against release %1$d; nothing was changed. Plan it again.', 'svc' ), $data['base'], $data['active'] );
			case 'svc_preview_outdated':
				/* translators: 1: the preview, 2: the release it was made against, 3: the active release */
				return sprintf( __( 'Preview %1$d was made against release %2$d, but release %3$d has become active since: promoting it would undo what changed. Push it again with --preview, or promote it anyway with --force.', 'svc' ), $data['release'], $data['preview_base'], $data['active'] );
			case 'svc_not_found':
				/* translators: %s: list of file names */
				return sprintf( __( 'No such route file: %s. Nothing was removed.', 'svc' ), implode( ', ', array_map( static fn ( string $s ): string => $s . '.php', $data['filenames'] ) ) );
			case 'svc_missing_blobs':
				$count = count( $data['hashes'] );
				/* translators: %d: number of contents */
				return sprintf( _n( 'The site does not have %d of the contents this release needs: stage it, then commit again.', 'The site does not have %d of the contents this release needs: stage them, then commit again.', $count, 'svc' ), $count );
			case 'svc_push_rejected':
				$lines = array_map( static fn ( array $f ): string => sprintf( '%s.php: %s', $f['filename'], $f['message'] ), $data['errors'] );
				/* translators: %s: one line per failing file */
				return sprintf( __( 'The push was rejected and nothing was written: %s', 'svc' ), implode( '; ', $lines ) );
			case 'svc_no_previous_release':
				return __( 'There is no earlier release to roll back to.', 'svc' );
			case 'svc_release_not_found':
				/* translators: %d: release id */
				return sprintf( __( 'Release %d is not kept on this site.', 'svc' ), $data['release'] );
			case 'svc_release_is_preview':
				/* translators: %d: release id */
				return sprintf( __( 'Release %1$d is a preview, never active: promote it (svc api promote %1$d) instead of rolling back to it.', 'svc' ), $data['release'] );
			case 'svc_not_a_preview':
				/* translators: 1: release id, 2: its kind, like push */
				return sprintf( __( 'Release %1$d is not a preview (it is a %2$s release); only a preview can be promoted. To make it active again, roll back to it.', 'svc' ), $data['release'], $data['kind'] );
			case 'svc_preview_expired':
				/* translators: %d: release id */
				return sprintf( __( 'Preview %d has expired: it can no longer be served or promoted. Push it again with --preview.', 'svc' ), $data['release'] );
			case 'svc_commit_id_reused':
				/* translators: %d: release id */
				return sprintf( __( 'This commit id already made release %d, another kind of change; nothing was changed. Send a new id for each change.', 'svc' ), $data['release'] );
			default:
				// svc_write_failed: the disk's or the database's own words.
				return (string) ( $data['reason'] ?? $refusal->code ) . '; ' . __( 'nothing was changed.', 'svc' );
		}
	}
}
