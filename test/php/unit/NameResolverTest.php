<?php
/**
 * Class names resolve as PHP's compiler resolves them.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Scanning\NameResolver;

final class NameResolverTest extends TestCase {

	private static function after( string $code ): NameResolver {
		$tokens = array_values( array_filter( PhpToken::tokenize( "<?php\n" . $code ), static fn ( PhpToken $token ): bool => ! $token->isIgnorable() ) );
		$names  = new NameResolver();
		foreach ( $tokens as $index => $token ) {
			if ( $token->is( T_NAMESPACE ) ) {
				$names->enter( $tokens[ $index + 1 ]->text );
			} elseif ( $token->is( T_USE ) ) {
				$names->read_use( $tokens, $index );
			}
		}
		return $names;
	}

	/** @return array<string, array{string, string, string}> */
	public function cases(): array {
		return array(
			'plain import'              => array( 'use A\\B;', 'B', 'A\\B' ),
			'import, other case'        => array( 'use A\\B;', 'b\\C', 'A\\B\\C' ),
			'alias'                     => array( 'use A\\B as C;', 'c', 'A\\B' ),
			'alias hides the last name' => array( 'use A\\B as C;', 'B', 'B' ),
			'alias of a namespace'      => array( 'use Svc\\Api\\Attribute as A;', 'A\\Permission', 'Svc\\Api\\Attribute\\Permission' ),
			'group'                     => array( 'use A\\{B, C\\D as E};', 'E', 'A\\C\\D' ),
			'group, leading backslash'  => array( 'use \\A\\{B};', 'B', 'A\\B' ),
			'several clauses'           => array( 'use X\\Y, A\\B as Z;', 'Z', 'A\\B' ),
			'mixed group skips others'  => array( 'use A\\{function B, const C, D};', 'B', 'B' ),
			'function import'           => array( 'use function A\\B;', 'B', 'B' ),
			'fully qualified'           => array( 'use A\\B;', '\\B', 'B' ),
			'namespace relative'        => array( "namespace N;\nuse A\\B;", 'namespace\\B', 'N\\B' ),
			'current namespace'         => array( 'namespace N\\M;', 'B', 'N\\M\\B' ),
			'new namespace, no imports' => array( "namespace N;\nuse A\\B;\nnamespace M;", 'B', 'M\\B' ),
			'closure use imports none'  => array( '$f = function () use ( $x ) {};', 'x', 'x' ),
		);
	}

	/** @dataProvider cases */
	public function test_resolves_like_php( string $code, string $written, string $full ): void {
		$this->assertSame( $full, self::after( $code )->resolve( $written ) );
	}
}
