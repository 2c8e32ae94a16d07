<?php
/**
 * `wp svc`: see and fix svc from the server when its REST API cannot be reached.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

/**
 * Inspects and deploys svc's route files from the command line, through the same objects and
 * checks as the management API, but without the REST API: a firewall, a stripped Authorization
 * header or a plugin that breaks REST requests does not stop an administrator with SSH.
 */
final class SvcCommand {
	// WP-CLI reads only the docblock above, as `wp help svc` (the text users see; keep it as it is):
	// with no public method the class is an empty command, which Commands adds each subcommand to.
}
