<?php
/**
 * Why a release was not made.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * A release or a write refused, as data: the code a client branches on and the facts its message needs. The
 * planner and the deployer return one instead of a WP_Error; how it is said, and with which HTTP
 * status, is the management API's business (Rest\Refusals), and WP-CLI says it the same way.
 *
 * @phpstan-type Failure array{filename: string, code: string, message: string}
 */
final class Refusal {

	/**
	 * @param string               $code A `svc_*` error code of docs/management-api.md.
	 * @param array<string, mixed> $data The facts: release ids, file names, hashes, failures.
	 */
	private function __construct( public readonly string $code, public readonly array $data = array() ) {
	}

	/** The client planned against $base, but $active is the active release now. */
	public static function release_moved( int $base, int $active ): self {
		return new self( 'svc_release_moved', compact( 'base', 'active' ) );
	}

	/** A promote of $preview, made against $preview_base, while $active is active. */
	public static function preview_outdated( int $preview, int $preview_base, int $active ): self {
		return new self( 'svc_preview_outdated', array( 'release' => $preview ) + compact( 'preview_base', 'active' ) );
	}

	/**
	 * Files to remove that the active set does not have.
	 *
	 * @param list<string> $slugs
	 */
	public static function not_found( array $slugs ): self {
		return new self( 'svc_not_found', array( 'filenames' => $slugs ) );
	}

	/**
	 * Contents the release needs that were neither staged nor sent.
	 *
	 * @param list<string> $hashes
	 */
	public static function missing_contents( array $hashes ): self {
		return new self( 'svc_missing_blobs', array( 'hashes' => $hashes ) );
	}

	/**
	 * Files that break a push rule (RouteRules, PushValidator), each with its reason.
	 *
	 * @param list<Failure> $failures
	 */
	public static function rejected( array $failures ): self {
		return new self( 'svc_push_rejected', array( 'errors' => $failures ) );
	}

	/** The disk or the database refused a write; nothing was changed. */
	public static function write_failed( string $reason ): self {
		return new self( 'svc_write_failed', array( 'reason' => $reason ) );
	}

	public static function no_previous_release(): self {
		return new self( 'svc_no_previous_release' );
	}

	public static function release_not_found( int $release ): self {
		return new self( 'svc_release_not_found', compact( 'release' ) );
	}

	public static function release_is_preview( int $release ): self {
		return new self( 'svc_release_is_preview', compact( 'release' ) );
	}

	public static function not_a_preview( int $release, string $kind ): self {
		return new self( 'svc_not_a_preview', compact( 'release', 'kind' ) );
	}

	/** A commit id that made release $release, of another kind than this change: the client reused it. */
	public static function commit_id_reused( int $release ): self {
		return new self( 'svc_commit_id_reused', compact( 'release' ) );
	}

	public static function preview_expired( int $release ): self {
		return new self( 'svc_preview_expired', compact( 'release' ) );
	}

	/** This node could not rebuild the preview's files from the database. */
	public static function preview_unavailable( int $release ): self {
		return new self( 'svc_preview_unavailable', compact( 'release' ) );
	}

	/**
	 * Staging would pass a cap on contents no release uses yet (StageCap).
	 *
	 * @param string $limit `bytes` or `contents`: which of the two limits was reached.
	 */
	public static function stage_full( string $reason, string $limit, int $max ): self {
		return new self( 'svc_stage_full', compact( 'reason', 'limit', 'max' ) );
	}

	/** The site forbids code changes (DeployPolicy); $reason says how to allow them. */
	public static function deploy_disallowed( string $reason ): self {
		return new self( 'svc_deploy_disallowed', compact( 'reason' ) );
	}

	/** The caller may not deploy here (a network's site administrator); $reason says who may. */
	public static function deploy_forbidden( string $reason ): self {
		return new self( 'svc_deploy_forbidden', compact( 'reason' ) );
	}
}
