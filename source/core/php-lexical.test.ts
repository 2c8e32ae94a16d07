import { describe, expect, it } from '@jest/globals';
import { checkRouteSource, countStrictTypes } from './php-lexical.js';

const STRICT = 'declare(strict_types=1);';

/** A route file: strict types, then `preamble` (namespace, use), then `rest`. */
function php(preamble: string, rest: string): string {
	return `<?php\n${STRICT}\n${preamble}\n${rest}\n`;
}

const USE = 'use Svc\\Api\\Attribute\\Permission;';

describe('strict_types is counted over the raw text', () => {
	it.each<[string, string, number]>([
		['the statement', STRICT, 1],
		['spaces inside', 'declare ( strict_types = 1 ) ;', 1],
		['newlines and tabs inside', 'declare(\n\tstrict_types\n=\n1\n)\n;', 1],
		['uppercase keyword', 'DECLARE(STRICT_TYPES=1);', 1],
		['in a line comment too', `${STRICT} // ${STRICT}`, 2],
		['in a block comment too', `${STRICT} /* ${STRICT} */`, 2],
		['in a string too', `${STRICT} $a = '${STRICT}';`, 2],
		['strict_types=0 is not it', 'declare(strict_types=0);', 0],
		['without the semicolon is not it', 'declare(strict_types=1) {}', 0],
	])('%s', (_rule, text, count) => {
		expect(countStrictTypes(text)).toBe(count);
	});
});

describe('strict_types check', () => {
	it.each<[string, string, RegExp]>([
		['missing', '<?php\nclass A {}\n', /strict_types=1\); is missing/],
		['twice', `<?php\n${STRICT}\n${STRICT}\nclass A {}\n`, /appears 2 times/],
		['once more in a comment', `<?php\n${STRICT}\n// ${STRICT}\nclass A {}\n`, /appears 2 times \(comments and strings count too\)/],
		['only in a comment', `<?php\n// ${STRICT}\nclass A {}\n`, /only in a comment or string/],
		['only in a string', `<?php\n$x = '${STRICT}';\nclass A {}\n`, /only in a comment or string/],
		['after a namespace statement', `<?php\nnamespace App;\n${STRICT}\nclass A {}\n`, /very first statement/],
		['after another statement', `<?php\n$x = 1;\n${STRICT}\nclass A {}\n`, /very first statement/],
		['inside a function', `<?php\nfunction f() { ${STRICT} }\nclass A {}\n`, /very first statement/],
		['after inline HTML', `hello<?php\n${STRICT}\nclass A {}\n`, /very first statement/],
		['after a byte-order mark', `\uFEFF<?php\n${STRICT}\nclass A {}\n`, /very first statement.*byte-order mark/],
	])('rejects strict_types %s', (_rule, source, message) => {
		const result = checkRouteSource(source);
		expect(result.errors.some((error) => message.test(error))).toBe(true);
	});

	it.each([
		['first statement', php('', 'class A {}')],
		['after a leading comment', `<?php\n/** Route. */\n// ok\n${STRICT}\nclass A {}\n`],
		['with spaces inside', '<?php\ndeclare( strict_types = 1 );\nclass A {}\n'],
	])('accepts strict_types as the %s', (_rule, source) => {
		expect(checkRouteSource(source).errors).toEqual([]);
	});
});

describe('class count', () => {
	it.each<[string, string, readonly string[]]>([
		['a class', php('', 'final class Hello {}'), ['Hello']],
		['a namespaced class', php('namespace App\\Routes;', 'class Hello {}'), ['App\\Routes\\Hello']],
		['a class in a bracketed namespace', `<?php\n${STRICT}\nnamespace App { class Hello {} }\n`, ['App\\Hello']],
		['an abstract class', php('', 'abstract class Base {}'), ['Base']],
		['not an anonymous class', php('', 'class A { public function get() { return new class {}; } }'), ['A']],
		['not Foo::class', php('', 'class A { public function get() { return [Foo::class, self::class]; } }'), ['A']],
		['not an interface, trait or enum', php('', 'interface I {} trait T {} enum E {} class A {}'), ['A']],
		['a class declared inside a condition', php('', 'if (true) { class A {} }'), ['A']],
	])('finds %s', (_rule, source, classes) => {
		expect(checkRouteSource(source).classes).toEqual(classes);
	});

	it.each<[string, string, RegExp]>([
		['no class', php('', 'function f() {}'), /declares no class/],
		['only an anonymous class', php('', '$x = new class {};'), /declares no class/],
		['two classes', php('namespace App;', 'class A {} class B {}'), /declares 2 classes \(App\\A, App\\B\)/],
		['two namespaces', `<?php\n${STRICT}\nnamespace A;\nclass X {}\nnamespace B;\nclass X {}\n`, /declares 2 classes \(A\\X, B\\X\)/],
	])('rejects %s', (_rule, source, message) => {
		const result = checkRouteSource(source);
		expect(result.errors).toHaveLength(1);
		expect(result.errors[0]).toMatch(message);
	});
});

describe('syntax errors', () => {
	it('reports the line and the parser message', () => {
		const result = checkRouteSource(php('', 'class A {\n  public function get() {\n    return [;\n  }\n}'));
		expect(result.syntaxError?.line).toBe(6);
		expect(result.errors).toEqual([expect.stringMatching(/^syntax error on line 6: syntax error, unexpected/)]);
		expect(result.classes).toEqual([]);
		expect(result.isPublic).toBe(false);
	});

	it('still counts strict_types in an unparsable file', () => {
		const result = checkRouteSource('<?php\nclass A {');
		expect(result.strictTypesCount).toBe(0);
		expect(result.errors).toHaveLength(2);
		expect(result.syntaxError).toBeDefined();
	});

	it('is absent for a valid file', () => {
		expect(checkRouteSource(php('', 'class A {}')).syntaxError).toBeUndefined();
	});
});

describe('verbs', () => {
	it('lists public verb methods in canonical order, ignoring private, protected and other methods', () => {
		const source = php(
			'',
			`class A {
				public function delete() {}
				function get() {}
				public static function post() {}
				protected function put() {}
				private function patch() {}
				public function headers() { return []; }
				public function permission($r): bool { return true; }
			}`,
		);
		expect(checkRouteSource(source).verbs).toEqual(['GET', 'POST', 'DELETE']);
	});

	it('matches method names case-insensitively, as PHP does', () => {
		expect(checkRouteSource(php('', 'class A { public function Get() {} }')).verbs).toEqual(['GET']);
	});
});

function publicVerbsOf(preamble: string, body: string): readonly string[] {
	const result = checkRouteSource(php(preamble, body));
	expect(result.errors).toEqual([]);
	expect(result.isPublic).toBe(result.publicVerbs.length > 0);
	return result.publicVerbs;
}

describe('public detection: how the attribute may be named', () => {
	const method = (attribute: string) => `class A { ${attribute} public function get() {} public function post() {} }`;

	it.each<[string, string, string]>([
		['fully qualified', '', '#[\\Svc\\Api\\Attribute\\Permission(public: true)]'],
		['imported by use', USE, '#[Permission(public: true)]'],
		['imported in a group use', 'use Svc\\Api\\{Attribute\\Permission};', '#[Permission(public: true)]'],
		['qualified after importing the namespace', 'use Svc\\Api\\Attribute;', '#[Attribute\\Permission(public: true)]'],
		['plain inside the attribute namespace', 'namespace Svc\\Api\\Attribute;', '#[Permission(public: true)]'],
		['namespace-relative inside the attribute namespace', 'namespace Svc\\Api\\Attribute;', '#[namespace\\Permission(public: true)]'],
		['imported with a leading backslash', 'use \\Svc\\Api\\Attribute\\Permission;', '#[Permission(public: true)]'],
		['in another case (class names are case-insensitive)', 'use svc\\api\\attribute\\permission;', '#[PERMISSION(public: true)]'],
		['beside another attribute in one group', USE, '#[Other, Permission(public: true)]'],
		['in a second attribute group', USE, '#[Other] #[Permission(public: true)]'],
		['imported inside a namespace', `namespace App;\n${USE}`, '#[Permission(public: true)]'],
		['an aliased import', 'use Svc\\Api\\Attribute\\Permission as Open;', '#[Open(public: true)]'],
		['an aliased namespace import', 'use Svc\\Api\\Attribute as A;', '#[A\\Permission(public: true)]'],
		['an alias in a group use', 'use Svc\\Api\\Attribute\\{Permission as PermG};', '#[PermG(public: true)]'],
	])('%s counts', (_rule, preamble, attribute) => {
		expect(publicVerbsOf(preamble, method(attribute))).toEqual(['GET']);
	});

	it.each<[string, string, string]>([
		['plain Permission without an import', '', '#[Permission(public: true)]'],
		['plain Permission in another namespace', 'namespace App;', '#[Permission(public: true)]'],
		['another Permission class imported', 'use App\\Permission;', '#[Permission(public: true)]'],
		['Attribute\\Permission without importing the namespace', '', '#[Attribute\\Permission(public: true)]'],
		['a function import of the same name', 'use function Svc\\Api\\Attribute\\Permission;', '#[Permission(public: true)]'],
		['Permission hidden by an alias', 'use Svc\\Api\\Attribute\\Permission as Open;', '#[Permission(public: true)]'],
	])('%s does not count', (_rule, preamble, attribute) => {
		expect(publicVerbsOf(preamble, method(attribute))).toEqual([]);
	});
});

describe('public detection: arguments', () => {
	const withArgs = (args: string) => `class A { #[Permission(${args})] public function get() {} }`;

	it.each([
		'public: true',
		'true',
		'public: TRUE',
		"capability: 'read', public: true",
		"true, capability: 'read'",
		'public: \\true',
	])('(%s) opens the verb', (args) => {
		expect(publicVerbsOf(USE, withArgs(args))).toEqual(['GET']);
	});

	// Only the literal true or false: anything else is refused, not guessed at (the site refuses
	// it too, and under strict_types PHP would throw when the attribute is instantiated).
	it.each(["'true'", '1', 'public: 1', "public: '0'", 'public: null', 'public: !false', 'public: (true)', 'public: 1 === 1', 'public: (false)', 'public: OPEN'])(
		'(%s) is refused',
		(args) => {
			const result = checkRouteSource(php(USE, withArgs(args)));
			expect(result.publicVerbs).toEqual([]);
			expect(result.problems).toEqual([{ code: 'svc_bad_permission', message: expect.stringMatching(/^line \d+: #\[Permission\] on get\(\) has public: .+, which is not true or false/) }]);
		},
	);

	it.each([
		'public: false',
		'false',
		'',
		"capability: 'read'",
		'public: FALSE',
		'public: \\false',
		"callback: 'check'",
		"capability: 'true'",
	])('(%s) does not', (args) => {
		expect(publicVerbsOf(USE, withArgs(args))).toEqual([]);
	});
});

describe('public detection: resolution order', () => {
	it('a class attribute opens every verb without its own attribute', () => {
		const body = `#[Permission(public: true)] class A {
			public function get() {}
			#[Permission(capability: 'edit_posts')] public function post() {}
			public function delete() {}
		}`;
		expect(publicVerbsOf(USE, body)).toEqual(['GET', 'DELETE']);
	});

	it('a method attribute opens only its verb', () => {
		const body = `class A { public function get() {} #[Permission(public: true)] public function put() {} }`;
		expect(publicVerbsOf(USE, body)).toEqual(['PUT']);
	});

	it('a method attribute with public: false closes its verb under a public class', () => {
		const body = `#[Permission(public: true)] class A { #[Permission(public: false)] public function get() {} }`;
		expect(publicVerbsOf(USE, body)).toEqual([]);
	});

	it('an unrelated method attribute does not hide the class attribute', () => {
		const body = `#[Permission(public: true)] class A { #[Deprecated] public function get() {} }`;
		expect(publicVerbsOf(USE, body)).toEqual(['GET']);
	});

	it('a public attribute on a private or protected verb opens nothing', () => {
		const body = `class A {
			#[Permission(public: true)] private function get() {}
			#[Permission(public: true)] protected function post() {}
		}`;
		expect(publicVerbsOf(USE, body)).toEqual([]);
	});

	it('a public attribute on a non-verb method opens nothing', () => {
		const body = `class A { #[Permission(public: true)] public function helper() {} public function get() {} }`;
		expect(publicVerbsOf(USE, body)).toEqual([]);
	});

	it('a public class without verb methods is not public', () => {
		expect(publicVerbsOf(USE, '#[Permission(public: true)] class A { public function helper() {} }')).toEqual([]);
	});

	// The blind spot docs/rules.md names ("Public routes"): permission() returning true gives no warning.
	it('a permission() method returning true is not detected', () => {
		const body = `class A { public function permission($request): bool { return true; } public function get() {} }`;
		expect(publicVerbsOf(USE, body)).toEqual([]);
	});

	it('an attribute on an anonymous class inside a verb does not count', () => {
		const body = `class A { public function get() { return new #[Permission(public: true)] class {}; } }`;
		expect(publicVerbsOf(USE, body)).toEqual([]);
	});

	it('an attribute written in a comment does not count', () => {
		const body = `class A { // #[Permission(public: true)]\n public function get() {} }`;
		expect(publicVerbsOf(USE, body)).toEqual([]);
	});
});

describe('a complete route file', () => {
	it('passes every check and reports its public verbs', () => {
		const source = `<?php
/**
 * A greeting.
 */
declare(strict_types=1);

namespace App\\Routes;

use Svc\\Api\\Attribute\\Permission;
use WP_REST_Request;

final class Hello
{
	#[Permission(public: true)]
	public function get(WP_REST_Request $request): array
	{
		return ['hello' => $request->get_param('name') ?? 'world'];
	}

	#[Permission(capability: 'edit_posts')]
	public function post(WP_REST_Request $request): array
	{
		return ['saved' => true];
	}

	public function headers(): array
	{
		return ['Access-Control-Allow-Origin' => '*'];
	}
}
`;
		expect(checkRouteSource(source)).toEqual({
			strictTypesCount: 1,
			classes: ['App\\Routes\\Hello'],
			verbs: ['GET', 'POST'],
			publicVerbs: ['GET'],
			isPublic: true,
			errors: [],
			problems: [],
		});
	});
});
