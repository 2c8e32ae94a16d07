<?php
/**
 * The namespace route files register under.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Settings;

use WP_Error;

/**
 * Stored in the `svc_api_namespace` option; `svc/v1` belongs to the management endpoints.
 */
final class RouteNamespace {

	public const OPTION  = 'svc_api_namespace';
	public const DEFAULT = 'svc-api/v1';
	/** The management endpoints' namespace (Rest\Management::NAMESPACE), written here, on the floor below. */
	public const RESERVED = 'svc/v1';
	public const FORMAT   = '#^[a-z0-9]+(?:-[a-z0-9]+)*/v[0-9]+$#D';

	/** The option's value get() last read, and what it made of it: a request asks half a dozen times. */
	private mixed $read = null;
	/** @var non-falsy-string|null */
	private ?string $namespace = null;

	/**
	 * Stores the default, autoloaded: a missing option costs a database query on every REST request.
	 */
	public static function store_default(): void {
		add_option( self::OPTION, self::DEFAULT, '', true );
	}

	/**
	 * @return non-falsy-string
	 */
	public function get(): string {
		// Read each time: update_option() may change it in the middle of a request.
		$value = get_option( self::OPTION, self::DEFAULT );
		if ( null !== $this->namespace && $value === $this->read ) {
			return $this->namespace;
		}
		$this->read      = $value;
		$this->namespace = self::usable( $value );
		return $this->namespace;
	}

	/**
	 * The option's value when it is a namespace svc may use, else the default: a value written around
	 * svc (e.g. by hand in the database) that breaks the rules is not used.
	 *
	 * @return non-falsy-string
	 */
	private static function usable( mixed $value ): string {
		if ( is_string( $value ) && '' !== $value && '0' !== $value && null === self::problem( $value ) ) {
			return $value;
		}
		return self::DEFAULT;
	}

	/**
	 * Why a namespace cannot be used, or null when it can.
	 */
	public static function problem( string $value ): ?WP_Error {
		if ( self::RESERVED === $value ) {
			return new WP_Error(
				'svc_reserved_namespace',
				sprintf( /* translators: %s: the namespace */ __( 'The namespace %s is reserved for svc\'s own management endpoints; choose another one.', 'svc' ), $value ),
				array( 'status' => 400 )
			);
		}
		if ( 1 !== preg_match( self::FORMAT, $value ) ) {
			return new WP_Error(
				'svc_invalid_namespace',
				sprintf( /* translators: %s: the namespace */ __( 'The namespace "%s" is not valid: use lowercase letters, digits and hyphens, a slash, then a version such as v1 (for example my-api/v1).', 'svc' ), $value ),
				array( 'status' => 400 )
			);
		}
		return null;
	}

	/**
	 * @param list<string> $namespaces_in_use Namespaces other code registered on this site.
	 */
	public function set( string $value, array $namespaces_in_use ): bool|WP_Error {
		$problem = self::problem( $value );
		if ( null !== $problem ) {
			return $problem;
		}
		if ( $value !== $this->get() && in_array( $value, $namespaces_in_use, true ) ) {
			return new WP_Error(
				'svc_namespace_taken',
				sprintf( /* translators: %s: the namespace */ __( 'The namespace %s is already used by WordPress or another plugin on this site; choose another one.', 'svc' ), $value ),
				array( 'status' => 400 )
			);
		}
		update_option( self::OPTION, $value, true );
		return true;
	}
}
