<?php
/**
 * Decides who may call a route file's verb.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Events\Emit;
use ReflectionAttribute;
use ReflectionClass;
use ReflectionMethod;
use Svc\Api\Attribute\Permission;
use Svc\Support\Log;
use Throwable;
use WeakMap;
use WP_Error;
use WP_REST_Request;

/**
 * Resolution order of docs/rules.md, most specific first: Permission on the verb method, Permission on the
 * class, the class's public `permission($request)`, then the closed default (`manage_options`).
 * Anything that throws denies that one request and is logged (fail closed).
 *
 * WordPress asks again after answering: `rest_send_allow_header` calls the permission callback of
 * every verb of the matched route to build the `Allow` header. The decision for a request and verb is
 * therefore made once and reused, so a check runs (and a throw is logged) once per request; a check
 * of another verb than the request's is still made for that header, but its throw denies no request
 * and is not logged.
 */
final class Authorizer {

	public const DEFAULT_CAPABILITY = 'manage_options';

	/** @var WeakMap<WP_REST_Request, array<string, bool|WP_Error>> */
	private WeakMap $decisions;

	public function __construct( private readonly RouteLoader $loader ) {
		$this->decisions = new WeakMap();
	}

	/**
	 * @return bool|WP_Error True to allow; false for WordPress's standard `rest_forbidden`.
	 */
	public function authorize( WP_REST_Request $request, string $slug, string $verb ): bool|WP_Error {
		$key       = $slug . ' ' . $verb;
		$decisions = $this->decisions[ $request ] ?? array();
		if ( ! array_key_exists( $key, $decisions ) ) {
			$decisions[ $key ]           = $this->decide( $request, $slug, $verb );
			$this->decisions[ $request ] = $decisions;
		}
		return $decisions[ $key ];
	}

	private function decide( WP_REST_Request $request, string $slug, string $verb ): bool|WP_Error {
		// Where the tokens show only the closed default can apply, a caller without it is refused
		// before the file is loaded: none of its code, top-level statements included, runs for them.
		if ( true === ( $this->loader->entry( $slug )['closed'] ?? false ) && ! current_user_can( self::DEFAULT_CAPABILITY ) ) {
			return false;
		}
		$class_name = $this->loader->class_name( $slug );
		if ( null === $class_name ) {
			return RouteHandler::unavailable();
		}
		try {
			// Decided on the class: the route's own code (its constructor included) runs only where the
			// decision needs it, and whatever it throws is handled here.
			$attribute = $this->attribute( new ReflectionMethod( $class_name, $verb ) )
				?? $this->attribute( new ReflectionClass( $class_name ) );
			if ( null !== $attribute ) {
				if ( $this->opened( $attribute, $slug, $verb, $request ) ) {
					return true;
				}
				return $this->evaluate( $attribute->newInstance(), $slug, $request );
			}
			if ( method_exists( $class_name, 'permission' ) && ( new ReflectionMethod( $class_name, 'permission' ) )->isPublic() ) {
				return true === ( new ReflectionMethod( $class_name, 'permission' ) )->invoke( $this->instance( $slug ), $request );
			}
			return current_user_can( self::DEFAULT_CAPABILITY );
		} catch ( Throwable $error ) {
			if ( self::requested_verb( $request ) === $verb ) {
				Log::api( sprintf( '%s.php: the permission check for %s threw, so the request was denied: %s', $slug, strtoupper( $verb ), Log::describe( $error ) ) );
				Emit::event( 'permission_threw', array( 'slug' => $slug, 'message' => sprintf( 'the permission check for %s threw, so the request was denied: %s', strtoupper( $verb ), Log::describe( $error ) ), 'verb' => strtoupper( $verb ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one line, so edits around it stay small.
			}
			return false;
		}
	}

	/**
	 * The verb method a request dispatches to (HEAD is served by `get`).
	 */
	private static function requested_verb( WP_REST_Request $request ): string {
		$method = strtolower( $request->get_method() );
		return 'head' === $method ? 'get' : $method;
	}

	/**
	 * @param ReflectionClass<object>|ReflectionMethod $target
	 * @return ReflectionAttribute<Permission>|null
	 */
	private function attribute( ReflectionClass|ReflectionMethod $target ): ?ReflectionAttribute {
		return $target->getAttributes( Permission::class )[0] ?? null;
	}

	/**
	 * Whether the verb is open to anyone (PublicVerb decides); a disagreement between the scan and
	 * PHP is logged for the request's own verb.
	 *
	 * @param ReflectionAttribute<Permission> $attribute The one that applies to the verb.
	 */
	private function opened( ReflectionAttribute $attribute, string $slug, string $verb, WP_REST_Request $request ): bool {
		$public = new PublicVerb( $attribute->getArguments(), in_array( $verb, $this->loader->entry( $slug )['public'] ?? array(), true ) );
		if ( $public->disputed() && self::requested_verb( $request ) === $verb ) {
			Log::api( sprintf( '%s.php: PHP reads public as %s for %s, svc\'s scan as %s: the verb stays closed', $slug, $public->reflected() ? 'true' : 'not true', strtoupper( $verb ), $public->scanned ? 'true' : 'not true' ) );
		}
		return $public->opened();
	}

	private function instance( string $slug ): object {
		return $this->loader->instance( $slug ) ?? throw new \RuntimeException( sprintf( '%s.php could not be loaded', $slug ) );
	}

	/**
	 * The attribute's checks other than `public` (opened() decides that one).
	 */
	private function evaluate( Permission $permission, string $slug, WP_REST_Request $request ): bool|WP_Error {
		if ( null === $permission->capability && null === $permission->callback ) {
			return current_user_can( self::DEFAULT_CAPABILITY );
		}
		if ( null !== $permission->capability && ! current_user_can( $permission->capability ) ) {
			return false;
		}
		if ( null !== $permission->callback ) {
			$result = $this->call( $permission->callback, $slug, $request );
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
	private function call( string|array $callback, string $slug, WP_REST_Request $request ): mixed {
		if ( is_string( $callback ) ) {
			$method = new ReflectionMethod( (string) $this->loader->class_name( $slug ), $callback );
			return $method->invoke( $method->isStatic() ? null : $this->instance( $slug ), $request );
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
