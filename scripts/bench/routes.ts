/** Route files the benchmarks deploy. */

/** The `use` lines of the attributes the benchmarks' routes declare. */
export const CACHE_IMPORT = 'use Svc\\Api\\Attribute\\Cache;';
export const PERMISSION_IMPORT = 'use Svc\\Api\\Attribute\\Permission;';

/** The handler both sides of benchmark (a) run: the same body, once as an svc file, once by hand. */
export const HELLO_BODY = "return array( 'hello' => 'world', 'time' => 1 );";

export function helloRoute(className = 'BenchHello'): string {
  return `<?php
declare(strict_types=1);

use Svc\\Api\\Attribute\\Permission;

#[Permission(public: true)]
final class ${className} {
	public function get(): array {
		${HELLO_BODY}
	}
}
`;
}

/** helloRoute with a rate limit no bench reaches: what counting costs a request (issue 18, ≤ 1.05). */
export function limitedHelloRoute(className = 'BenchLimitedHello'): string {
  return helloRoute(className)
    .replace('use Svc\\Api\\Attribute\\Permission;', 'use Svc\\Api\\Attribute\\Permission;\nuse Svc\\Api\\Attribute\\RateLimit;')
    .replace('#[Permission(public: true)]', '#[Permission(public: true)]\n#[RateLimit(requests: 1000000, per: 60)]');
}

/** A docblock of about 2.6 KB, so that 1,000 filler routes weigh about 3 MB, like real route files. */
const DOCBLOCK = `/**\n${Array.from({ length: 36 }, (_, line) => ` * Line ${line} of the route's documentation: what it answers, who may call it, and why.`).join('\n')}\n */`;

/** A filler route (about 3 KB): its own class, a couple of verbs and a dynamic segment now and then. */
export function fillerRoute(index: number, tag = ''): { filename: string; content: string } {
  const dynamic = index % 10 === 0;
  return {
    filename: dynamic ? `filler/group-${index}/[id]` : `filler/route-${index}`,
    content: `<?php
declare(strict_types=1);

${DOCBLOCK}
final class Filler${index} {
	public function get( WP_REST_Request $request ): array {
		return array( 'index' => ${index}, 'id' => $request->get_param( 'id' ) );
	}

	public function post(): array {
		return array( 'created' => ${index} );
	}
}
${tag}`,
  };
}

/** A mu-plugin registering the same handler by hand, the way a developer would without svc. */
export const HAND_REGISTERED_PLUGIN = `<?php
/**
 * Plugin Name: bench hand-registered route
 */
add_action( 'rest_api_init', static function (): void {
	register_rest_route( 'bench/v1', '/hello', array(
		'methods'             => 'GET',
		'callback'            => static function (): array {
			${HELLO_BODY}
		},
		'permission_callback' => '__return_true',
	) );
} );
`;

/**
 * For figure (d) only: lets the site hold more staged contents than the 8 MB default, so that several
 * rounds of 3 MB can be staged and the median rests on enough requests. Serving is unaffected.
 */
export const ROOMY_STAGING_PLUGIN = `<?php
/**
 * Plugin Name: bench roomy staging
 */
add_filter( 'svc_max_files_total_bytes', static fn (): int => 64 * 1024 * 1024 );
`;
