<?php
/**
 * The OpenAPI 3.1 document of the svc routes under the route namespace.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\OpenApi;

use Svc\Contracts\RouteContract;
use Svc\Manifest\Entry;
use stdClass;
use Svc\Routing\Slug;

/**
 * Built from the manifest alone (what the tokens said: verbs, schemas, docblocks, public verbs), so
 * the document costs no route file's code. Pure: entries in, a JSON-ready array out (stdClass where
 * JSON needs an object that may be empty).
 *
 * WordPress's schema dialect is draft 4 with a few draft 3 habits; OpenAPI 3.1 speaks JSON Schema
 * 2020-12. Two things differ and are converted: `exclusiveMinimum`/`exclusiveMaximum` are flags
 * beside `minimum`/`maximum` in WordPress and numbers in 2020-12, and a property's own
 * `required: true` becomes its name in the object's `required` list.
 *
 * @phpstan-import-type EntryData from Entry
 */
final class OpenApiDocument {

	public const ERROR_SCHEMA = '#/components/schemas/WP_Error';

	private const BODY_VERBS = array( 'post', 'put', 'patch' );

	/**
	 * @param array<string, EntryData>             $entries Slug => manifest entry, for the files that load.
	 * @param array<string, string>               $failed  Slug => why the file is skipped.
	 * @param array{title: string, server: string, cookie: string} $site The site's name, its REST root URL, its logged-in cookie name.
	 * @return array<string, mixed>
	 */
	public static function build( array $entries, array $failed, string $namespace, array $site ): array {
		ksort( $entries, SORT_STRING );
		$paths = array();
		$ids   = array();
		foreach ( $entries as $slug => $entry ) {
			$slug = (string) $slug;
			$item = array();
			foreach ( $entry['verbs'] as $verb ) {
				$item[ (string) $verb ] = self::operation( $slug, (string) $verb, $entry, $ids );
			}
			if ( array() !== $item ) {
				$paths[ '/' . $namespace . '/' . self::path( $slug ) ] = $item;
			}
		}
		ksort( $failed, SORT_STRING );
		$document                 = array(
			'openapi'    => '3.1.0',
			'info'       => array(
				'title'       => $site['title'],
				'version'     => substr( $namespace, (int) strrpos( $namespace, '/' ) + 1 ),
				'description' => sprintf( 'The svc routes under %s: one route file each, deployed with svc api push.', $namespace ),
			),
			'servers'    => array( array( 'url' => rtrim( $site['server'], '/' ) ) ),
			'paths'      => array() === $paths ? new stdClass() : $paths,
			'components' => array(
				'securitySchemes' => array(
					'applicationPassword' => array(
						'type'        => 'http',
						'scheme'      => 'basic',
						'description' => 'A user name and one of its application passwords (Users → Profile → Application Passwords).',
					),
					'wordpressCookie'     => array(
						'type'        => 'apiKey',
						'in'          => 'cookie',
						'name'        => $site['cookie'],
						'description' => 'The logged-in cookie of a WordPress session; needs restNonce too.',
					),
					'restNonce'           => array(
						'type'        => 'apiKey',
						'in'          => 'header',
						'name'        => 'X-WP-Nonce',
						'description' => "A REST nonce (wp_create_nonce('wp_rest')) for the session's cookie.",
					),
				),
				'schemas'         => array(
					'WP_Error' => array(
						'type'       => 'object',
						'properties' => array(
							'code'    => array( 'type' => 'string' ),
							'message' => array( 'type' => 'string' ),
							'data'    => array(
								'type'       => 'object',
								'properties' => array( 'status' => array( 'type' => 'integer' ) ),
							),
						),
						'required'   => array( 'code', 'message' ),
					),
				),
			),
		);
		$document['x-svc-failed'] = array_map(
			static fn ( $slug, $reason ): array => array(
				'file'  => $slug . '.php',
				'error' => $reason,
			),
			array_keys( $failed ),
			array_values( $failed )
		);
		return $document;
	}

	/**
	 * `users/[id]` → `users/{id}`.
	 */
	public static function path( string $slug ): string {
		return (string) preg_replace( '/\[([A-Za-z_][A-Za-z0-9_]*)\]/', '{$1}', $slug );
	}

	/**
	 * `get` + `users/[id]/posts` → `getUsersByIdPosts`; unique in the document.
	 *
	 * @param array<string, true> $ids In/out: the ids given so far.
	 */
	public static function operation_id( string $verb, string $slug, array &$ids ): string {
		$words = array( strtolower( $verb ) );
		foreach ( explode( '/', $slug ) as $segment ) {
			$by    = preg_match( '/^\[(.+)\]$/', $segment, $match );
			$parts = preg_split( '/[-_]/', $by ? $match[1] : $segment );
			foreach ( false === $parts ? array() : $parts as $index => $word ) {
				$words[] = ( $by && 0 === $index ? 'By' : '' ) . ucfirst( $word );
			}
		}
		$id = implode( '', $words );
		for ( $n = 2, $unique = $id; isset( $ids[ $unique ] ); $n++ ) {
			$unique = $id . $n;
		}
		$ids[ $unique ] = true;
		return $unique;
	}

	/**
	 * @param EntryData           $entry
	 * @param array<string, true> $ids
	 * @return array<string, mixed>
	 */
	private static function operation( string $slug, string $verb, array $entry, array &$ids ): array {
		$args       = RouteContract::args( $entry, $verb );
		$in_path    = Slug::params( $slug );
		$public     = in_array( $verb, $entry['public'], true );
		$operation  = array( 'operationId' => self::operation_id( $verb, $slug, $ids ) );
		$doc        = RouteContract::doc( $entry, $verb );
		$parameters = array();
		if ( null !== $doc ) {
			$operation['summary'] = $doc['summary'];
			if ( '' !== $doc['description'] ) {
				$operation['description'] = $doc['description'];
			}
		}
		$operation['tags'] = array( explode( '/', $slug )[0] );
		foreach ( $in_path as $name ) {
			$parameters[] = self::parameter( $name, 'path', true, $args[ $name ] ?? array( 'type' => 'string' ) );
		}
		$body_properties = array();
		$body_required   = array();
		foreach ( $args as $name => $schema ) {
			if ( in_array( $name, $in_path, true ) ) {
				continue;
			}
			$required = true === ( $schema['required'] ?? false );
			if ( in_array( $verb, self::BODY_VERBS, true ) ) {
				$body_properties[ $name ] = self::schema( $schema, true );
				if ( $required ) {
					$body_required[] = $name;
				}
			} else {
				$parameters[] = self::parameter( $name, 'query', $required, $schema );
			}
		}
		if ( array() !== $parameters ) {
			$operation['parameters'] = $parameters;
		}
		if ( array() !== $body_properties ) {
			$body = array(
				'type'       => 'object',
				'properties' => $body_properties,
			);
			if ( array() !== $body_required ) {
				$body['required'] = $body_required;
			}
			$operation['requestBody'] = array(
				'required' => array() !== $body_required,
				'content'  => array( 'application/json' => array( 'schema' => $body ) ),
			);
		}
		$returns  = RouteContract::returns( $entry, $verb );
		$response = array( 'description' => 'The verb ran; its answer.' );
		if ( null !== $returns ) {
			$response['content'] = array( 'application/json' => array( 'schema' => self::schema( $returns ) ) );
		}
		$responses = array( '200' => $response );
		if ( array() !== $args ) {
			$responses['400'] = self::error( 'An argument is missing (rest_missing_callback_param) or invalid (rest_invalid_param).' );
		}
		if ( ! $public ) {
			$responses['401'] = self::error( 'Not authenticated (rest_forbidden).' );
			$responses['403'] = self::error( 'Authenticated, but not allowed (rest_forbidden).' );
		}
		$operation['responses'] = PolicyResponses::add( $responses, $entry, $verb );
		// Public verbs need no credentials; the others need an application password, or a cookie and a nonce.
		$operation['security']     = $public ? array() : array(
			array( 'applicationPassword' => array() ),
			array(
				'wordpressCookie' => array(),
				'restNonce'       => array(),
			),
		);
		$operation['x-svc-file']   = $slug . '.php';
		$operation['x-svc-public'] = $public;
		return $operation;
	}

	/**
	 * @param array<string, mixed> $schema
	 * @return array<string, mixed>
	 */
	private static function parameter( string $name, string $in, bool $required, array $schema ): array {
		$parameter = array(
			'name'     => $name,
			'in'       => $in,
			'required' => $required,
			'schema'   => self::schema( $schema, true ),
		);
		if ( isset( $schema['description'] ) && is_string( $schema['description'] ) ) {
			$parameter['description'] = $schema['description'];
		}
		$types = (array) ( $schema['type'] ?? array() );
		if ( 'query' === $in && in_array( 'array', $types, true ) ) {
			// WordPress splits `tags=a,b` into a list; PHP keeps only the last of `tags=a&tags=b`.
			$parameter['style']   = 'form';
			$parameter['explode'] = false;
		} elseif ( 'query' === $in && in_array( 'object', $types, true ) ) {
			$parameter['style']   = 'deepObject';
			$parameter['explode'] = true;
		}
		return $parameter;
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function error( string $description ): array {
		return array(
			'description' => $description,
			'content'     => array( 'application/json' => array( 'schema' => array( '$ref' => self::ERROR_SCHEMA ) ) ),
		);
	}

	/**
	 * A WordPress schema as JSON Schema 2020-12.
	 *
	 * @param array<string, mixed> $schema
	 * @param bool                 $argument An argument's or a property's schema: its own boolean `required` is its parent's business.
	 * @return array<string, mixed>|stdClass
	 */
	public static function schema( array $schema, bool $argument = false ): array|stdClass {
		if ( is_bool( $schema['required'] ?? null ) || $argument && isset( $schema['required'] ) && ! is_array( $schema['required'] ) ) {
			unset( $schema['required'] );
		}
		foreach ( array(
			'exclusiveMinimum' => 'minimum',
			'exclusiveMaximum' => 'maximum',
		) as $flag => $bound ) {
			if ( array_key_exists( $flag, $schema ) ) {
				if ( true === $schema[ $flag ] && isset( $schema[ $bound ] ) ) {
					$schema[ $flag ] = $schema[ $bound ];
					unset( $schema[ $bound ] );
				} else {
					unset( $schema[ $flag ] );
				}
			}
		}
		foreach ( array( 'properties', 'patternProperties' ) as $keyword ) {
			if ( ! is_array( $schema[ $keyword ] ?? null ) ) {
				continue;
			}
			$converted = array();
			foreach ( $schema[ $keyword ] as $name => $property ) {
				$property = is_array( $property ) ? $property : array();
				if ( 'properties' === $keyword && true === ( $property['required'] ?? null ) ) {
					$schema['required']   = is_array( $schema['required'] ?? null ) ? $schema['required'] : array();
					$schema['required'][] = (string) $name;
				}
				$converted[ (string) $name ] = self::schema( $property, true );
			}
			$schema[ $keyword ] = array() === $converted ? new stdClass() : $converted;
		}
		if ( isset( $schema['required'] ) && is_array( $schema['required'] ) ) {
			$schema['required'] = array_values( array_unique( $schema['required'] ) );
		}
		foreach ( array( 'items', 'additionalProperties' ) as $keyword ) {
			if ( is_array( $schema[ $keyword ] ?? null ) ) {
				$schema[ $keyword ] = self::schema( $schema[ $keyword ] );
			}
		}
		foreach ( array( 'anyOf', 'oneOf' ) as $keyword ) {
			if ( is_array( $schema[ $keyword ] ?? null ) ) {
				$schema[ $keyword ] = array_map( static fn ( $option ): array|stdClass => self::schema( is_array( $option ) ? $option : array() ), $schema[ $keyword ] );
			}
		}
		return array() === $schema ? new stdClass() : $schema;
	}
}
