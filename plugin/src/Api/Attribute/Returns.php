<?php
/**
 * The attribute route files use to declare a verb's response.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Api\Attribute;

use Attribute;

/**
 * The schema of a verb's successful response, for the OpenAPI document and the typed client:
 * `#[Returns(['type' => 'object', 'properties' => ['id' => ['type' => 'integer']]])]`. Documentation
 * only: the response is not checked at run time. On the class it applies to every verb without its own.
 */
#[Attribute( Attribute::TARGET_CLASS | Attribute::TARGET_METHOD )]
final class Returns {

	/**
	 * @param array<string, mixed> $schema A JSON schema in WordPress's subset.
	 */
	public function __construct( public array $schema ) {
	}
}
