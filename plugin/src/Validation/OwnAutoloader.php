<?php
/**
 * svc's own autoloader of route classes, as ClassNames knows it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Validation;

/**
 * An autoloader that loads route files (Runtime\RouteLoader): asked whether a name is taken,
 * it would load the very file that is about to declare it, so ClassNames skips it. An interface
 * here, so that the check needs nothing from the floor that serves requests.
 */
interface OwnAutoloader {
}
