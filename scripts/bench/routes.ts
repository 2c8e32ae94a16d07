/** Route files the benchmarks deploy. */

/** The handler both sides of benchmark (a) run: the same body, once as an svc file, once by hand. */
export const HELLO_BODY = helloBody();

/** HELLO_BODY with more keys in its answer (`'version' => 2`), for a route whose answer must change. */
export function helloBody(extra = ''): string {
  return `return array( 'hello' => 'world', 'time' => 1${extra === '' ? '' : `, ${extra}`} );`;
}

/** A public GET route file, for publicGetRoute(). */
export interface PublicGet {
  /** Attributes of the class after `#[Permission(public: true)]`, e.g. `#[RateLimit(requests: 10, per: 60)]`. */
  classAttributes?: string[];
  /** Attributes of get(), e.g. `#[Cache(maxAge: 60)]`. */
  getAttributes?: string[];
  /** get()'s parameters, e.g. `WP_REST_Request $request`. */
  parameters?: string;
  /** get()'s body, one or more lines. */
  body: string;
}

/**
 * The one template of the benchmarks' public GET routes: `use` lines for the attributes it names,
 * `#[Permission(public: true)]`, and get() with its attributes and body.
 */
export function publicGetRoute(className: string, route: PublicGet): string {
  const classAttributes = ['#[Permission(public: true)]', ...(route.classAttributes ?? [])];
  const getAttributes = route.getAttributes ?? [];
  const names = new Set([...classAttributes, ...getAttributes].map((attribute) => /^#\[(\w+)\(/.exec(attribute)?.[1] ?? ''));
  const uses = [...names].sort().map((name) => `use Svc\\Api\\Attribute\\${name};`);
  const body = route.body
    .split('\n')
    .map((line) => `\t\t${line}`)
    .join('\n');
  return `<?php
declare(strict_types=1);

${uses.join('\n')}

${classAttributes.join('\n')}
final class ${className} {
${getAttributes.map((attribute) => `\t${attribute}\n`).join('')}\tpublic function get(${route.parameters ?? ''}): array {
${body}
\t}
}
`;
}

/** The route of benchmark (a): HELLO_BODY as an svc file (with `extra` in its answer when given). */
export function helloRoute(className = 'BenchHello', extra = '', getAttributes: string[] = []): string {
  return publicGetRoute(className, { getAttributes, body: helloBody(extra) });
}

/** helloRoute with a rate limit no bench reaches: what counting costs a request (issue 18, ≤ 1.05). */
export function limitedHelloRoute(className = 'BenchLimitedHello'): string {
  return publicGetRoute(className, { classAttributes: ['#[RateLimit(requests: 1000000, per: 60)]'], body: HELLO_BODY });
}

/** A docblock of about 2.6 KB, so that 1,000 filler routes weigh about 3 MB, like real route files. */
const DOCBLOCK = `/**\n${Array.from({ length: 36 }, (_, line) => ` * Line ${line} of the route's documentation: what it answers, who may call it, and why.`).join('\n')}\n */`;

/**
 * A filler route (about 3 KB): its own class, a couple of verbs and a dynamic segment now and then.
 * With `cacheMaxAge`, a public one whose GET has #[Cache] (the early cache indexes it as cached).
 */
export function fillerRoute(index: number, tag = '', cacheMaxAge?: number): { filename: string; content: string } {
  const dynamic = index % 10 === 0;
  const cached = cacheMaxAge !== undefined;
  return {
    filename: dynamic ? `filler/group-${index}/[id]` : `filler/route-${index}`,
    content: `<?php
declare(strict_types=1);
${cached ? '\nuse Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\Permission;\n' : ''}
${DOCBLOCK}
${cached ? '#[Permission(public: true)]\n' : ''}final class Filler${index} {
${cached ? `\t#[Cache(maxAge: ${cacheMaxAge})]\n` : ''}\tpublic function get( WP_REST_Request $request ): array {
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
 * For (a)'s second row: a request with X-Bench-Keep-Core has WordPress core's routes registered, as a
 * route registered by hand has (svc defers them for its own routes, CoreRoutes): what is left between
 * the two sides is svc's own work.
 */
export const KEEP_CORE_ROUTES_PLUGIN = `<?php
/**
 * Plugin Name: bench core routes kept on request
 */
add_filter( 'svc_defer_core_routes', static fn ( $defer ) => $defer && ! isset( $_SERVER['HTTP_X_BENCH_KEEP_CORE'] ) );
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
