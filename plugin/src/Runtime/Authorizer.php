<?php
/**
 * Decides who may call a route file's verb.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use ReflectionClass;
use ReflectionMethod;
use Svc\Api\Attribute\Permission;
use Svc\Support\Log;
use Throwable;
use WP_Error;
use WP_REST_Request;

/**
 * Resolution order of SPEC.md, most specific first: Permission on the verb method, Permission on the
 * class, the class's public `permission($request)`, then the closed default (`manage_options`).
 * Anything that throws denies that one request and is logged (fail closed).
 */
final class Authorizer {

	public const DEFAULT_CAPABILITY = 'manage_options';

	public function __construct( private readonly RouteLoader $loader ) {
	}

	/**
	 * @return bool|WP_Error True to allow; false for WordPress's standard `rest_forbidden`.
	 */
	public function authorize( WP_REST_Request $request, string $slug, string $verb ): bool|WP_Error {
		$instance = $this->loader->instance( $slug );
		if ( null === $instance ) {
			return RouteHandler::unavailable();
		}
		try {
			$permission = $this->attribute( new ReflectionMethod( $instance, $verb ) )
				?? $this->attribute( new ReflectionClass( $instance ) );
			if ( null !== $permission ) {
				return $this->evaluate( $permission, $instance, $request );
			}
			if ( method_exists( $instance, 'permission' ) && ( new ReflectionMethod( $instance, 'permission' ) )->isPublic() ) {
				return true === $instance->permission( $request );
			}
			return current_user_can( self::DEFAULT_CAPABILITY );
		} catch ( Throwable $error ) {
			Log::api( sprintf( '%s.php: the permission check for %s threw, so the request was denied: %s', $slug, strtoupper( $verb ), Log::describe( $error ) ) );
			return false;
		}
	}

	/**
	 * @param ReflectionClass<object>|ReflectionMethod $target
	 */
	private function attribute( ReflectionClass|ReflectionMethod $target ): ?Permission {
		$attributes = $target->getAttributes( Permission::class );
		return array() === $attributes ? null : $attributes[0]->newInstance();
	}

	private function evaluate( Permission $permission, object $instance, WP_REST_Request $request ): bool|WP_Error {
		if ( $permission->public ) {
			return true;
		}
		if ( null === $permission->capability && null === $permission->callback ) {
			return current_user_can( self::DEFAULT_CAPABILITY );
		}
		if ( null !== $permission->capability && ! current_user_can( $permission->capability ) ) {
			return false;
		}
		if ( null !== $permission->callback ) {
			$result = $this->call( $permission->callback, $instance, $request );
			if ( $result instanceof WP_Error ) {
				return $result;
			}
			return true === $result;
		}
		return true;
	}

	/**
	 * Calls a local method (any visibility: it is the class's own) or `[Class, 'staticMethod']`.
	 *
	 * @param string|array<mixed> $callback
	 */
	private function call( string|array $callback, object $instance, WP_REST_Request $request ): mixed {
		if ( is_string( $callback ) ) {
			return ( new ReflectionMethod( $instance, $callback ) )->invoke( $instance, $request );
		}
		if ( 2 !== count( $callback ) || ! is_string( $callback[0] ?? null ) || ! is_string( $callback[1] ?? null ) ) {
			throw new \InvalidArgumentException( 'a Permission callback must be a method name or [Class::class, \'staticMethod\']' );
		}
		$method = new ReflectionMethod( $callback[0], $callback[1] );
		if ( ! $method->isStatic() ) {
			throw new \InvalidArgumentException( sprintf( '%s::%s is not static', $callback[0], $callback[1] ) );
		}
		return $method->invoke( null, $request );
	}
}
