<?php
/**
 * The kinds of release, and which of them a client may ask for.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * Every release has a kind. Kinds fall into pools, and each pool keeps its own newest releases:
 * `svc dev` saves a file many times a minute, so its releases (kind `dev`) are kept apart from the
 * deliberate ones and never push a deploy out of the rollback history. A new kind (preview, say)
 * is one entry in POOLS, plus REQUESTABLE when a client may ask for it.
 */
final class ReleaseKind {

	public const PUSH     = 'push';
	public const PRUNE    = 'prune';
	public const RM       = 'rm';
	public const ROLLBACK = 'rollback';
	public const IMPORT   = 'import';
	public const DEV      = 'dev';
	public const PREVIEW  = 'preview';
	public const PROMOTE  = 'promote';

	/** The pool that holds kinds not named in POOLS: the deliberate releases. */
	private const DEPLOY = 'deploy';

	/**
	 * Kind => pool (the filter that sets how many it keeps, and the default).
	 *
	 * @var array<string, array{pool: string, filter: string, keep: int}>
	 */
	private const POOLS = array(
		self::DEV     => array(
			'pool'   => 'dev',
			'filter' => 'svc_keep_dev_releases',
			'keep'   => 10,
		),
		// Previews are never active: they count for neither rollback nor the active set, and a
		// burst of them never evicts a deploy (expired ones go whatever the count).
		self::PREVIEW => array(
			'pool'   => 'preview',
			'filter' => 'svc_keep_previews',
			'keep'   => 10,
		),
	);

	/** The kinds `POST api-releases` accepts in `kind`: the others are made by their own endpoints. */
	public const REQUESTABLE = array( self::PUSH, self::DEV, self::PREVIEW );

	public static function requestable( string $kind ): bool {
		return in_array( $kind, self::REQUESTABLE, true );
	}

	public static function is_preview( string $kind ): bool {
		return self::PREVIEW === $kind;
	}

	/**
	 * The pool of a kind: releases of one pool are pruned together.
	 */
	public static function pool( string $kind ): string {
		return self::POOLS[ $kind ]['pool'] ?? self::DEPLOY;
	}

	/**
	 * Pool => how many of its newest releases the site keeps (at least one each).
	 *
	 * @return array<string, int>
	 */
	public static function keep_per_pool(): array {
		$keep = array( self::DEPLOY => ReleaseStore::keep() );
		foreach ( self::POOLS as $pool ) {
			/**
			 * Filters how many releases of a pool (dev: svc dev's saves) the site keeps for rollback.
			 *
			 * @param int $count
			 */
			$keep[ $pool['pool'] ] = max( 1, (int) apply_filters( $pool['filter'], $pool['keep'] ) );
		}
		return $keep;
	}
}
