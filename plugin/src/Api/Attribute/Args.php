<?php
/**
 * The attribute route files use to declare a verb's arguments.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api\Attribute;

use Attribute;

/**
 * The schema of a verb's arguments (query, body, dynamic segments), in WordPress's JSON-Schema
 * subset: `#[Args(['id' => ['type' => 'integer', 'minimum' => 1], 'status' => ['enum' => ['open', 'closed']]])]`.
 * WordPress validates and sanitizes them before the verb runs (400 `rest_invalid_param`).
 *
 * On the class it applies to every verb; a verb's own adds to it, and replaces it per parameter.
 * svc reads it from the file's tokens, so it must be a literal (no constants, no calls).
 */
#[Attribute( Attribute::TARGET_CLASS | Attribute::TARGET_METHOD )]
final class Args {

	/**
	 * @param array<string, array<string, mixed>> $args Parameter name => schema.
	 */
	public function __construct( public array $args ) {
	}
}
