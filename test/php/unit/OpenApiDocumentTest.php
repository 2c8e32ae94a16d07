<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\OpenApi\OpenApiDocument;
use Svc\Manifest\Entry;
use Svc\Scanning\TokenScanner;

/**
 * The OpenAPI document from manifest entries: paths, parameters, bodies, security, and WordPress's
 * schema dialect turned into JSON Schema 2020-12.
 */
final class OpenApiDocumentTest extends TestCase {

	private const SITE = array(
		'title'  => 'Test API',
		'server' => 'http://example.test/wp-json/',
		'cookie' => 'wordpress_logged_in_abc',
	);

	/**
	 * An entry as the OpenAPI controller hands it over: the manifest's, with the file's docblocks
	 * scanned again (the manifest keeps none).
	 *
	 * @return array<string, mixed>
	 */
	private static function entry( string $source ): array {
		$scan = TokenScanner::scan( $source );
		$stat = array(
			'path'  => '/x.php',
			'stamp' => '1',
			'size'  => 1,
		);
		return array( 'contract' => $scan->contract ) + Entry::scanned( $stat, 'h', $scan );
	}

	public function test_a_route_becomes_operations_with_path_query_body_security_and_docs(): void {
		$source   = "<?php\ndeclare(strict_types=1);\nuse Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\Returns;\nuse Svc\\Api\\Attribute\\Permission;\n"
			. "/** Users.\n *\n * By id. */\n#[Args(['id' => ['type' => 'integer', 'minimum' => 1]])]\nfinal class U {\n"
			. "\t/** One user. */\n\t#[Permission(public: true)]\n\t#[Args(['tags' => ['type' => 'array', 'items' => ['type' => 'string']], 'q' => ['type' => 'string', 'required' => true]])]\n"
			. "\t#[Returns(['type' => 'object', 'properties' => ['id' => ['type' => 'integer', 'required' => true], 'x' => ['type' => 'number', 'minimum' => 0, 'exclusiveMinimum' => true]]])]\n"
			. "\tpublic function get(): array { return []; }\n"
			. "\t#[Args(['name' => ['type' => 'string', 'required' => true], 'meta' => ['type' => 'object', 'properties' => []]])]\n\tpublic function put(): array { return []; }\n}\n";
		$document = OpenApiDocument::build( array( 'users/[id]' => self::entry( $source ) ), array( 'broken' => 'Parse error' ), 'shop/v2', self::SITE );

		$this->assertSame( '3.1.0', $document['openapi'] );
		$this->assertSame( 'v2', $document['info']['version'] );
		$this->assertSame( array( array( 'url' => 'http://example.test/wp-json' ) ), $document['servers'] );
		$this->assertSame(
			array(
				array(
					'file'  => 'broken.php',
					'error' => 'Parse error',
				),
			),
			$document['x-svc-failed']
		);
		$item = $document['paths']['/shop/v2/users/{id}'];

		$get = $item['get'];
		$this->assertSame( 'getUsersById', $get['operationId'] );
		$this->assertSame( 'One user.', $get['summary'] );
		$this->assertSame( array(), $get['security'] );
		$this->assertTrue( $get['x-svc-public'] );
		$this->assertSame(
			array(
				array(
					'name'     => 'id',
					'in'       => 'path',
					'required' => true,
					'schema'   => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
				),
				array(
					'name'     => 'tags',
					'in'       => 'query',
					'required' => false,
					'schema'   => array(
						'type'  => 'array',
						'items' => array( 'type' => 'string' ),
					),
					'style'    => 'form',
					'explode'  => false,
				),
				array(
					'name'     => 'q',
					'in'       => 'query',
					'required' => true,
					'schema'   => array( 'type' => 'string' ),
				),
			),
			$get['parameters']
		);
		$this->assertSame(
			array(
				'type'       => 'object',
				'properties' => array(
					'id' => array( 'type' => 'integer' ),
					'x'  => array(
						'type'             => 'number',
						'exclusiveMinimum' => 0,
					),
				),
				'required'   => array( 'id' ),
			),
			$get['responses']['200']['content']['application/json']['schema']
		);
		$this->assertArrayHasKey( '400', $get['responses'] );
		$this->assertArrayNotHasKey( '401', $get['responses'] );

		$put = $item['put'];
		$this->assertSame( 'Users.', $put['summary'] );
		$this->assertSame( 'By id.', $put['description'] );
		$this->assertSame(
			array(
				array( 'applicationPassword' => array() ),
				array(
					'wordpressCookie' => array(),
					'restNonce'       => array(),
				),
			),
			$put['security']
		);
		$this->assertSame( array( 'name' ), $put['requestBody']['content']['application/json']['schema']['required'] );
		$this->assertEquals( new stdClass(), $put['requestBody']['content']['application/json']['schema']['properties']['meta']['properties'] );
		$this->assertSame( array( 'id' ), array_column( $put['parameters'], 'name' ) );
		$this->assertArrayHasKey( '401', $put['responses'] );
	}

	public function test_operation_ids_are_camel_case_and_unique(): void {
		$ids = array();
		$this->assertSame( 'getShopOrdersListAll', OpenApiDocument::operation_id( 'get', 'shop/orders/list-all', $ids ) );
		$this->assertSame( 'deleteUsersByUserId', OpenApiDocument::operation_id( 'delete', 'users/[user_id]', $ids ) );
		$this->assertSame( 'getUsersById', OpenApiDocument::operation_id( 'get', 'users/[id]', $ids ) );
		$this->assertSame( 'getUsersById2', OpenApiDocument::operation_id( 'get', 'users/by-id', $ids ) );
	}

	public function test_no_routes_is_still_a_document(): void {
		$document = OpenApiDocument::build( array(), array(), 'svc-api/v1', self::SITE );
		$this->assertEquals( new stdClass(), $document['paths'] );
		$this->assertSame( array(), $document['x-svc-failed'] );
	}
}
