/** Reading and writing route files for the CLI end-to-end tests. */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every file under dir (dotfiles and index.php guards excluded), by path relative to dir. */
export function readTree(dir: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  const walk = (current: string, prefix: string): void => {
    let names: string[];
    try {
      names = readdirSync(current).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const full = path.join(current, name);
      const relative = prefix === '' ? name : `${prefix}/${name}`;
      if (statSync(full).isDirectory()) walk(full, relative);
      else if (name !== 'index.php') files[relative] = readFileSync(full);
    }
  };
  walk(dir, '');
  return files;
}

export function writeRoute(apiDir: string, relPath: string, content: string): void {
  const file = path.join(apiDir, relPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export function removeRoute(apiDir: string, relPath: string): void {
  rmSync(path.join(apiDir, relPath), { force: true });
}

/** A valid route file; `open` adds #[Permission(public: true)] to the class. */
export function routeSource(className: string, options: { open?: boolean; body?: string } = {}): string {
  return [
    '<?php',
    'declare(strict_types=1);',
    '',
    'use Svc\\Api\\Attribute\\Permission;',
    '',
    ...(options.open === true ? ['#[Permission(public: true)]'] : []),
    `final class ${className} {`,
    options.body ?? `\tpublic function get(): array { return array( 'route' => '${className}' ); }`,
    '}',
    '',
  ].join('\n');
}
