<?php
/**
 * The attribute route files use to let clients and CDNs cache a GET answer.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api\Attribute;

use Attribute;

/**
 * `#[Cache(maxAge: 300)]` on `get()` or on the class (the method's wins): a successful GET answer
 * carries `Cache-Control` (`public` when the verb is open to anyone, else `private`) and a strong
 * `ETag`; a request whose `If-None-Match` names that tag gets `304` with no body. Errors are never
 * cached. svc reads the values from the file's tokens, so they must be integer literals.
 */
#[Attribute( Attribute::TARGET_CLASS | Attribute::TARGET_METHOD )]
final class Cache {

	/**
	 * @param int      $maxAge               Seconds the answer stays fresh (0 to 31536000).
	 * @param int|null $staleWhileRevalidate Seconds a cache may serve it stale while it fetches a new one.
	 */
	// phpcs:disable WordPress.NamingConventions.ValidVariableName.VariableNotSnakeCase -- the names authors write (`maxAge:`), as in HTTP's and Vercel's vocabulary.
	public function __construct(
		public int $maxAge,
		public ?int $staleWhileRevalidate = null,
	) {
		// phpcs:enable
	}
}
