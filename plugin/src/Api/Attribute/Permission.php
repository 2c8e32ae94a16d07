<?php
/**
 * The attribute route files use to open a route or verb.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api\Attribute;

use Attribute;

/**
 * Who may call a route file's verb (on a method) or every verb (on the class).
 *
 * With none of its arguments it means the closed default (`manage_options`). With several, every one
 * given must pass, except `public: true`, which opens the verb to anyone.
 */
#[Attribute( Attribute::TARGET_CLASS | Attribute::TARGET_METHOD )]
final class Permission {

	/**
	 * @param bool                         $public     True lets anyone call, without authentication.
	 * @param string|null                  $capability A capability the caller must hold.
	 * @param string|array{0:string,1:string}|null $callback A method of the route class, or `[Class, 'staticMethod']`;
	 *                                                  receives the request and returns bool.
	 */
	public function __construct(
		public bool $public = false,
		public ?string $capability = null,
		public string|array|null $callback = null,
	) {
	}
}
