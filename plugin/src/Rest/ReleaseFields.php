<?php
/**
 * The bodies `svc/v1/api-releases` takes: a commit, a rollback and a promote.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Release\ReleaseKind;
use Svc\Routing\Slug;
use WP_Error;
use WP_REST_Request;

/**
 * Each body's fields (BodyField), with the checks a field's schema cannot say.
 */
final class ReleaseFields {

	/**
	 * @return list<BodyField>
	 */
	public static function commit(): array {
		return array(
			BodyField::shaped(
				'files',
				array(
					'type'        => 'object',
					'description' => __( 'Route file name => sha256 of its content (staged or already on the site).', 'svc' ),
				),
				self::files_problem( ... ),
				true
			),
			BodyField::shaped(
				'remove',
				array(
					'type'        => 'array',
					'description' => __( 'Route file names to take out of the set.', 'svc' ),
				),
				self::remove_problem( ... )
			),
			BodyField::release_id( 'base', __( 'The release the change was planned against; refused if another is active.', 'svc' ) ),
			BodyField::boolean( 'prune', __( 'The new set is exactly files.', 'svc' ) ),
			BodyField::boolean( 'dry_run', __( 'Check and plan only.', 'svc' ) ),
			BodyField::shaped(
				'kind',
				array(
					'type'        => 'string',
					'enum'        => ReleaseKind::REQUESTABLE,
					'description' => __( 'What the release is recorded as.', 'svc' ),
				),
				/* translators: %s: the kinds of release a client may ask for, like "push, dev" */
				static fn ( mixed $kind ): ?WP_Error => is_string( $kind ) && ReleaseKind::requestable( $kind ) ? null : Errors::bad_field( 'kind', sprintf( __( 'kind must be one of: %s.', 'svc' ), implode( ', ', ReleaseKind::REQUESTABLE ) ) )
			),
			BodyField::message(),
			BodyField::commit_id(),
			// A small push's contents, staged before the commit in the same request (feature `commit_blobs`).
			BlobStaging::field( false ),
		);
	}

	/**
	 * @return list<BodyField>
	 */
	public static function rollback(): array {
		return array(
			BodyField::release_id( 'to', __( 'The release to roll back to (default: the one before the active release).', 'svc' ) ),
			BodyField::release_id( 'base', __( 'The release the rollback was planned against; refused if another is active.', 'svc' ) ),
			BodyField::boolean( 'dry_run', __( 'Plan only.', 'svc' ) ),
			BodyField::message(),
			BodyField::commit_id(),
		);
	}

	/**
	 * @return list<BodyField>
	 */
	public static function promote(): array {
		return array(
			BodyField::release_id( 'id', __( 'The preview to make active.', 'svc' ), true ),
			BodyField::release_id( 'base', __( 'The release the promote was planned against; refused if another is active.', 'svc' ) ),
			BodyField::boolean( 'dry_run', __( 'Plan only.', 'svc' ) ),
			BodyField::boolean( 'force', __( 'Promote even if another release became active since the preview was made.', 'svc' ) ),
			BodyField::message(),
			BodyField::commit_id(),
		);
	}

	/**
	 * A commit's `files`: an object of good names and hashes.
	 */
	private static function files_problem( mixed $files, WP_REST_Request $request ): ?WP_Error {
		// An object, never a list: `["<hash>"]` would otherwise be committed as a file named `0`.
		if ( ! is_array( $files ) || ! JsonBody::is_object( $request, 'files' ) ) {
			return Errors::bad_field( 'files', __( 'files must be a JSON object of route file name => sha256 hash, like {"hello": "<sha256>"}.', 'svc' ) );
		}
		foreach ( $files as $slug => $hash ) {
			$problem = Slug::problem( (string) $slug );
			if ( null !== $problem ) {
				return Errors::invalid_name( (string) $slug, $problem );
			}
			if ( ! is_string( $hash ) || 1 !== preg_match( '/^[a-f0-9]{64}$/', $hash ) ) {
				/* translators: %s: file name */
				return Errors::bad_field( 'files', sprintf( __( 'The hash of %s must be a lowercase hex sha256.', 'svc' ), $slug ) );
			}
		}
		return null;
	}

	/**
	 * A commit's `remove`: a list of names a file on the site may have.
	 */
	private static function remove_problem( mixed $remove, WP_REST_Request $request ): ?WP_Error {
		if ( ! is_array( $remove ) || ( array() !== $remove && ! JsonBody::is_list( $request, 'remove' ) ) || array() !== array_filter( $remove, static fn ( mixed $slug ): bool => ! is_string( $slug ) ) ) {
			return Errors::bad_field( 'remove', __( 'remove must be an array of route file names.', 'svc' ) );
		}
		foreach ( $remove as $name ) {
			$problem = Slug::removal_problem( $name );
			if ( null !== $problem ) {
				return Errors::invalid_name( $name, $problem );
			}
		}
		return null;
	}
}
