/**
 * Builders for route-file sources, so each test states only what matters to it.
 */

let counter = 0;

/** A class name no other test file or route of this run uses (route classes must be unique per site). */
export function uniqueClass(prefix = 'Route'): string {
  counter += 1;
  return `${prefix}${process.pid}N${counter}`;
}

export interface RouteSourceOptions {
  /** A `namespace` statement for the file, placed right after `declare`. */
  namespace?: string;
  /** Lines placed before the class (after `declare` and the Permission import), e.g. attributes or `use`s. */
  preamble?: string;
  /** Attribute(s) on the class, e.g. `#[Permission(public: true)]`. */
  classAttribute?: string;
  /** Leaves out `use Svc\Api\Attribute\Permission;`. */
  noPermissionImport?: boolean;
  /** Put after the class (e.g. a second class, or a function). */
  trailer?: string;
}

/**
 * A well-formed route file: `<?php`, `declare(strict_types=1);`, the Permission import, one class.
 * `body` is the class body (methods).
 */
export function routeSource(className: string, body: string, options: RouteSourceOptions = {}): string {
  const lines = ['<?php', 'declare(strict_types=1);', ''];
  if (options.namespace !== undefined) lines.push(`namespace ${options.namespace};`, '');
  if (options.noPermissionImport !== true) lines.push('use Svc\\Api\\Attribute\\Permission;', '');
  if (options.preamble !== undefined) lines.push(options.preamble, '');
  if (options.classAttribute !== undefined) lines.push(options.classAttribute);
  lines.push(`final class ${className} {`, body, '}');
  if (options.trailer !== undefined) lines.push('', options.trailer);
  return lines.join('\n') + '\n';
}

/** routeSource() options for a class open to anyone: `#[Permission(public: true)]`. */
export const OPEN: RouteSourceOptions = { classAttribute: '#[Permission(public: true)]' };

/** A public GET answering `{ route: <tag> }`: the smallest route whose answer identifies it. */
export function publicGet(className: string, tag: string): string {
  return routeSource(
    className,
    `\tpublic function get(): array {\n\t\treturn array( 'route' => ${phpString(tag)} );\n\t}`,
    OPEN,
  );
}

/**
 * A public GET with `#[Cache(maxAge: 300)]` answering `{ tag: <tag>, at: <microtime> }`: the time says
 * which request computed the answer, so a stored one is told from a new one.
 */
export function cachedGet(tag: string): string {
  return routeSource(
    uniqueClass('Cached'),
    `\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\treturn array( 'tag' => ${phpString(tag)}, 'at' => microtime( true ) );\n\t}`,
    { classAttribute: '#[Permission(public: true)]', preamble: 'use Svc\\Api\\Attribute\\Cache;' },
  );
}

/** A PHP single-quoted string literal. */
export function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Pads a source with a trailing comment so that it is exactly `bytes` long (ASCII only). */
export function paddedTo(source: string, bytes: number): string {
  const base = `${source}// `;
  if (base.length + 1 > bytes) throw new Error(`source is already ${base.length} bytes, cannot pad to ${bytes}`);
  return `${base}${'x'.repeat(bytes - base.length - 1)}\n`;
}

/** A JSON value as a PHP literal (short arrays), e.g. for an `#[Args([...])]` schema. */
export function phpLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return phpString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(phpLiteral).join(', ')}]`;
  return `[${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${phpString(key)} => ${phpLiteral(item)}`)
    .join(', ')}]`;
}
