<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Runtime\Authorizer;

final class AuthorizerTest extends SvcTestCase {

	private const USE = 'use Svc\Api\Attribute\Permission;';

	private function decide( string $body, string $class_attribute = '', ?string $role = null, array $headers = array(), string $preamble = '' ): mixed {
		$class_name = self::unique( 'Auth' );
		$this->deploy( array( 'r' => "<?php\ndeclare(strict_types=1);\n" . self::USE . "\n{$preamble}\n{$class_attribute}\nfinal class {$class_name} {\n{$body}\n}\n" ) );
		$this->store->invalidate();
		$user_id = 0;
		if ( null !== $role ) {
			$user_id = wp_insert_user(
				array(
					'user_login' => self::unique( $role ),
					'user_pass'  => 'x',
					'role'       => $role,
				)
			);
		}
		wp_set_current_user( $user_id );
		$request = new WP_REST_Request( 'GET', '/svc-api/v1/r' );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$result = ( new Authorizer( $this->loader ) )->authorize( $request, 'r', 'get' );
		if ( $user_id > 0 ) {
			require_once ABSPATH . 'wp-admin/includes/user.php';
			wp_delete_user( $user_id );
		}
		return $result;
	}

	/** @return array<string, array{string, string, ?string, bool}> */
	public function cases(): array {
		$get = 'public function get() { return array(); }';
		return array(
			'closed default: anonymous'               => array( $get, '', null, false ),
			'closed default: editor'                  => array( $get, '', 'editor', false ),
			'closed default: administrator'           => array( $get, '', 'administrator', true ),
			'class attribute public'                  => array( $get, '#[Permission(public: true)]', null, true ),
			'method attribute beats class attribute'  => array( "#[Permission(capability: 'edit_posts')] " . $get, '#[Permission(public: true)]', null, false ),
			'method attribute capability, editor'     => array( "#[Permission(capability: 'edit_posts')] " . $get, '', 'editor', true ),
			'method attribute capability, subscriber' => array( "#[Permission(capability: 'edit_posts')] " . $get, '', 'subscriber', false ),
			'class attribute beats permission()'      => array( $get . ' public function permission( $r ): bool { return true; }', "#[Permission(capability: 'manage_options')]", null, false ),
			'permission() replaces the default'       => array( $get . ' public function permission( $r ): bool { return true; }', '', null, true ),
			'permission() false'                      => array( $get . ' public function permission( $r ): bool { return false; }', '', 'administrator', false ),
			'permission() truthy non-bool denies'     => array( $get . ' public function permission( $r ) { return 1; }', '', null, false ),
			'private permission() is ignored'         => array( $get . ' private function permission( $r ): bool { return true; }', '', null, false ),
			'attribute without arguments is closed'   => array( '#[Permission] ' . $get, '', 'editor', false ),
			'local callback (private method)'         => array( "#[Permission(callback: 'check')] " . $get . ' private function check( $r ): bool { return true; }', '', null, true ),
			'callback and capability both required'   => array( "#[Permission(capability: 'edit_posts', callback: 'check')] " . $get . ' public function check( $r ): bool { return true; }', '', null, false ),
			'static [Class, method] callback'         => array( "#[Permission(callback: [AuthorizerTestGate::class, 'open'])] " . $get, '', null, true ),
			'throwing permission() fails closed'      => array( $get . ' public function permission( $r ): bool { throw new RuntimeException( "boom" ); }', '', null, false ),
			'throwing callback fails closed'          => array( "#[Permission(callback: 'check')] " . $get . ' public function check( $r ): bool { throw new RuntimeException( "boom" ); }', '', 'administrator', false ),
			'missing callback method fails closed'    => array( "#[Permission(callback: 'nope')] " . $get, '', 'administrator', false ),
			'non-static [Class, method] fails closed' => array( "#[Permission(callback: [AuthorizerTestGate::class, 'instance'])] " . $get, '', null, false ),
		);
	}

	/** @return array<string, array{string, string, string, bool}> */
	public function written_cases(): array {
		$get = 'public function get() { return array(); }';
		return array(
			'alias of the namespace'       => array( 'use Svc\\Api\\Attribute as A;', '#[A\\Permission(public: true)]', $get, true ),
			'alias in a group use'         => array( 'use Svc\\Api\\Attribute\\{Permission as PermG};', '', '#[PermG(public: true)] ' . $get, true ),
			'grouped with another'         => array( '', '', '#[Other, \\Svc\\Api\\Attribute\\Permission(public: true)] ' . $get, true ),
			'aliased false'                => array( 'use Svc\\Api\\Attribute\\Permission as Open;', '#[Open(public: false)]', $get, false ),
			'public: TRUE'                 => array( '', '#[Permission(public: TRUE)]', $get, true ),
			'alias shadowed by the import' => array( 'use App\\Gate as Gate;', '#[Gate(public: true)]', $get, false ),
		);
	}

	/**
	 * Every way of writing the attribute: the site opens the verb exactly when the listing says so.
	 *
	 * @dataProvider written_cases
	 */
	public function test_an_anonymous_caller_gets_in_exactly_where_the_listing_says_public( string $preamble, string $class_attribute, string $body, bool $open ): void {
		$this->assertSame( $open, $this->decide( $body, $class_attribute, null, array(), $preamble ) );
		$this->assertSame( $open ? array( 'get' ) : array(), $this->loader->entry( 'r' )['public'] ?? null );
	}

	/** @dataProvider cases */
	public function test_resolution_order_method_attribute_class_attribute_permission_default( string $body, string $class_attribute, ?string $role, bool $allowed ): void {
		$this->assertSame( $allowed, $this->decide( $body, $class_attribute, $role ) );
	}

	public function test_permission_receives_the_request_and_can_read_its_headers(): void {
		$body = 'public function get() {} public function permission( WP_REST_Request $r ): bool { return "s3cret" === $r->get_header( "X-Key" ); }';
		$this->assertTrue( $this->decide( $body, '', null, array( 'X-Key' => 's3cret' ) ) );
		$this->assertFalse( $this->decide( $body, '', null, array( 'X-Key' => 'wrong' ) ) );
	}
}

final class AuthorizerTestGate {
	public static function open( WP_REST_Request $request ): bool {
		return '' !== $request->get_route();
	}

	public function instance(): bool {
		return true;
	}
}
