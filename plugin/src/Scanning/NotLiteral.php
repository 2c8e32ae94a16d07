<?php
/**
 * Thrown inside LiteralReader when the tokens are not a literal.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use RuntimeException;

/**
 * The code is the line of the offending token. Never escapes LiteralReader::read().
 */
final class NotLiteral extends RuntimeException {
}
