/**
 * Builds the svc admin page (plugin/admin/src) into plugin/build/, the way @wordpress/scripts would:
 *
 *   plugin/build/admin.js         the app, an IIFE using WordPress's own script globals
 *   plugin/build/admin.css        its few styles
 *   plugin/build/admin.asset.php  <?php return array('dependencies' => [...], 'version' => '<content hash>');
 *
 * Imports of @wordpress/element, components, api-fetch and i18n become wp.element, wp.components,
 * wp.apiFetch and wp.i18n, and JSX becomes wp.element.createElement, so the page runs on the React
 * WordPress ships. The sources are type-checked first (TypeScript's API; the repo's tsconfig does
 * not cover plugin/).
 *
 *   node scripts/build-admin.mjs           type-check and write plugin/build/
 *   node scripts/build-admin.mjs --check   exit 1 when the committed plugin/build/ is not what the sources build to
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import ts from 'typescript';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = path.join(REPO, 'plugin/admin/src');
const OUT_DIR = path.join(REPO, 'plugin/build');
const ENTRY = path.join(SOURCE_DIR, 'index.tsx');

/** Module => [global expression, WordPress script handle]; the order is the asset file's. */
const WORDPRESS_GLOBALS = new Map([
  ['@wordpress/element', ['wp.element', 'wp-element']],
  ['@wordpress/components', ['wp.components', 'wp-components']],
  ['@wordpress/api-fetch', ['wp.apiFetch', 'wp-api-fetch']],
  ['@wordpress/i18n', ['wp.i18n', 'wp-i18n']],
]);

function typeCheck() {
  const files = readdirSync(SOURCE_DIR)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(SOURCE_DIR, name));
  const program = ts.createProgram(files, {
    noEmit: true,
    strict: true,
    noUncheckedIndexedAccess: true,
    isolatedModules: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => REPO, getNewLine: () => '\n' };
    process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
    throw new Error(`plugin/admin/src has ${diagnostics.length} type error(s)`);
  }
}

/** Resolves @wordpress/* to the globals and records which handles the bundle needs. */
function wordpressGlobals(used) {
  return {
    name: 'wordpress-globals',
    setup(builder) {
      builder.onResolve({ filter: /^@wordpress\// }, (args) => {
        if (!WORDPRESS_GLOBALS.has(args.path)) {
          return { errors: [{ text: `${args.path} is not mapped to a WordPress script global in scripts/build-admin.mjs` }] };
        }
        used.add(args.path);
        return { path: args.path, namespace: 'wordpress-global' };
      });
      builder.onResolve({ filter: /^react(-dom)?(\/|$)/ }, (args) => ({
        errors: [{ text: `import from @wordpress/element instead of ${args.path}: the page runs on WordPress's React` }],
      }));
      builder.onLoad({ filter: /.*/, namespace: 'wordpress-global' }, (args) => ({
        contents: `module.exports = window.${WORDPRESS_GLOBALS.get(args.path)[0]};`,
        loader: 'js',
      }));
    },
  };
}

function assetPhp(dependencies, version) {
  const list = dependencies.map((handle) => `'${handle}'`).join(', ');
  return `<?php return array('dependencies' => array(${list}), 'version' => '${version}');\n`;
}

/** The files the sources build to, by absolute path, without writing anything. */
export async function buildAdmin() {
  typeCheck();
  const used = new Set(['@wordpress/element']); // JSX needs wp.element even where nothing imports it.
  const result = await build({
    absWorkingDir: REPO,
    entryPoints: { admin: ENTRY },
    outdir: OUT_DIR,
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    // The repo's tsconfig.json is for the CLI (react-jsx for Ink); these sources use none.
    tsconfigRaw: {},
    jsx: 'transform',
    jsxFactory: 'wp.element.createElement',
    jsxFragment: 'wp.element.Fragment',
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: '/* svc admin page: built by scripts/build-admin.mjs from plugin/admin/src. Do not edit. */' },
    plugins: [wordpressGlobals(used)],
  });
  const outputs = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  const hash = createHash('sha256');
  for (const [file, text] of [...outputs].sort(([a], [b]) => a.localeCompare(b))) hash.update(path.basename(file)).update('\0').update(text);
  const version = hash.digest('hex').slice(0, 20);
  const dependencies = [...WORDPRESS_GLOBALS].filter(([module]) => used.has(module)).map(([, [, handle]]) => handle);
  outputs.set(path.join(OUT_DIR, 'admin.asset.php'), assetPhp(dependencies, version));
  return outputs;
}

async function main() {
  const check = process.argv.includes('--check');
  const outputs = await buildAdmin();
  const relative = (file) => path.relative(REPO, file);
  if (check) {
    const stale = [...outputs].filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text).map(([file]) => relative(file));
    if (stale.length > 0) {
      console.error(`plugin/build/ is out of date (${stale.join(', ')}): run npm run build:admin and commit the result.`);
      process.exitCode = 1;
      return;
    }
    console.log('plugin/build/ is up to date.');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  for (const [file, text] of outputs) {
    writeFileSync(file, text);
    console.log(`wrote ${relative(file)} (${Buffer.byteLength(text)} bytes)`);
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
