<?php
/**
 * How a refusal is said, and with which HTTP status.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Closure;
use Svc\Release\Refusal;
use WP_Error;

/**
 * The one refusal table: a row per code holds its HTTP status, the facts its answer carries
 * (docs/management-api.md) and its message. WP-CLI prints the same message. answer() is the whole
 * decision, without WordPress; error() only wraps it for the REST API.
 */
final class Refusals {

	/**
	 * Code => [HTTP status, the Refusal's data keys that go into the answer's `data`, the message].
	 *
	 * @return array<string, array{0: int, 1: list<string>, 2: Closure(array<string, mixed>): string}>
	 */
	private static function rows(): array {
		$reason = static fn ( array $data ): string => (string) $data['reason'];
		return array(
			'svc_release_moved'       => array(
				409,
				array( 'active' ),
				/* translators: 1: release the client planned against, 2: the active release */
				static fn ( array $data ): string => sprintf( __( 'Release %2$d became active after this change was planned against release %1$d; nothing was changed. Plan it again.', 'svc' ), $data['base'], $data['active'] ),
			),
			'svc_preview_outdated'    => array(
				409,
				array( 'release', 'preview_base', 'active' ),
				/* translators: 1: the preview, 2: the release it was made against, 3: the active release */
				static fn ( array $data ): string => sprintf( __( 'Preview %1$d was made against release %2$d, but release %3$d has become active since: promoting it would undo what changed. Push it again with --preview, or promote it anyway with --force.', 'svc' ), $data['release'], $data['preview_base'], $data['active'] ),
			),
			'svc_not_found'           => array(
				404,
				array( 'filenames' ),
				/* translators: %s: list of file names */
				static fn ( array $data ): string => sprintf( __( 'No such route file: %s. Nothing was removed.', 'svc' ), implode( ', ', array_map( static fn ( string $s ): string => $s . '.php', $data['filenames'] ) ) ),
			),
			'svc_missing_blobs'       => array(
				409,
				array( 'hashes' ),
				/* translators: %d: number of contents */
				static fn ( array $data ): string => sprintf( _n( 'The site does not have %d of the contents this release needs: stage it, then commit again.', 'The site does not have %d of the contents this release needs: stage them, then commit again.', count( $data['hashes'] ), 'svc' ), count( $data['hashes'] ) ),
			),
			'svc_push_rejected'       => array(
				422,
				array( 'errors' ),
				/* translators: %s: one line per failing file */
				static fn ( array $data ): string => sprintf( __( 'The push was rejected and nothing was written: %s', 'svc' ), implode( '; ', array_map( static fn ( array $f ): string => sprintf( '%s.php: %s', $f['filename'], $f['message'] ), $data['errors'] ) ) ),
			),
			// The disk's or the database's own words.
			'svc_write_failed'        => array( 500, array(), static fn ( array $data ): string => $reason( $data ) . '; ' . __( 'nothing was changed.', 'svc' ) ),
			'svc_no_previous_release' => array( 409, array(), static fn (): string => __( 'There is no earlier release to roll back to.', 'svc' ) ),
			'svc_commit_id_reused'    => array(
				409,
				array( 'release' ),
				/* translators: %d: release id */
				static fn ( array $data ): string => sprintf( __( 'This commit id already made release %d, another kind of change; nothing was changed. Send a new id for each change.', 'svc' ), $data['release'] ),
			),
			'svc_release_not_found'   => array(
				404,
				array( 'release' ),
				/* translators: %d: release id */
				static fn ( array $data ): string => sprintf( __( 'Release %d is not kept on this site.', 'svc' ), $data['release'] ),
			),
			'svc_release_is_preview'  => array(
				409,
				array( 'release' ),
				/* translators: %d: release id */
				static fn ( array $data ): string => sprintf( __( 'Release %1$d is a preview, never active: promote it (svc api promote %1$d) instead of rolling back to it.', 'svc' ), $data['release'] ),
			),
			'svc_not_a_preview'       => array(
				409,
				array( 'release' ),
				/* translators: 1: release id, 2: its kind, like push */
				static fn ( array $data ): string => sprintf( __( 'Release %1$d is not a preview (it is a %2$s release); only a preview can be promoted. To make it active again, roll back to it.', 'svc' ), $data['release'], $data['kind'] ),
			),
			'svc_preview_expired'     => array(
				410,
				array( 'release' ),
				/* translators: %d: release id */
				static fn ( array $data ): string => sprintf( __( 'Preview %d has expired: it can no longer be served or promoted. Push it again with --preview.', 'svc' ), $data['release'] ),
			),
			'svc_preview_unavailable' => array(
				503,
				array( 'release' ),
				/* translators: %d: release id */
				static fn ( array $data ): string => sprintf( __( 'Preview %d cannot be read on this node: its files could not be rebuilt from the database.', 'svc' ), $data['release'] ),
			),
			// Worded where the limit is known (Reasons).
			'svc_stage_full'          => array( 413, array( 'limit', 'max' ), $reason ),
			// Worded by the policy that refuses (DeployPolicy, DeployCapability).
			'svc_deploy_disallowed'   => array( 403, array(), $reason ),
			'svc_deploy_forbidden'    => array( 403, array(), $reason ),
		);
	}

	/**
	 * The codes of the table, for the tests that hold it to docs/management-api.md.
	 *
	 * @return list<string>
	 */
	public static function codes(): array {
		return array_keys( self::rows() );
	}

	/**
	 * What the refusal answers: its HTTP status, its message and the facts of its `data`. A code
	 * missing from the table is a bug of svc's, answered as 500 with the code for a message.
	 *
	 * @return array{status: int, message: string, data: array<string, mixed>}
	 */
	public static function answer( Refusal $refusal ): array {
		$row = self::rows()[ $refusal->code ] ?? null;
		if ( null === $row ) {
			return array(
				'status'  => 500,
				'message' => $refusal->code,
				'data'    => array(),
			);
		}
		list( $status, $keys, $message ) = $row;
		return array(
			'status'  => $status,
			'message' => $message( $refusal->data ),
			'data'    => array_intersect_key( $refusal->data, array_flip( $keys ) ),
		);
	}

	public static function error( Refusal $refusal ): WP_Error {
		$answer = self::answer( $refusal );
		return new WP_Error( $refusal->code, $answer['message'], array( 'status' => $answer['status'] ) + $answer['data'] );
	}
}
