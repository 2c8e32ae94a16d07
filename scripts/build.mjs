/**
 * Builds dist/ for the npm package: svc's TypeScript bundled by esbuild into CommonJS files, each
 * command in a file of its own, and the Ink screens as ES modules.
 *
 * Why not tsc's one-file-per-module ES modules: a command's start is Node's own start plus what svc
 * loads before its first byte, and with ~25 ES modules Node 20's ESM loader (resolve, link, a facade
 * per built-in) cost more than svc's code itself: `svc api list` ran at 2.0-2.5 × a bare `node -e 0`.
 * CommonJS loads faster, and few files load faster than many (`npm run bench -- cli`).
 *
 * How, in three steps, for the entry point (source/cli.tsx, which only reads argv) and for each
 * command (source/commands/<name>/index.ts) apart:
 *   1. esbuild bundles it as ES modules, split only where the code imports dynamically (the Ink
 *      screens, the PHP lexical checks): a command's own code, whatever it imports statically, is
 *      one file, apart from the few modules it shares with what it loads later. A module lands in exactly one file of its build, so state and classes (the
 *      interruption message, SvcError for instanceof) exist once in a run: a run is the entry point
 *      plus one command, and the entry point hands over and keeps nothing a command uses
 *      (command-main.ts).
 *   2. Each output file that does not (through its static imports) import an ES-module-only package
 *      becomes CommonJS (.cjs); its static imports of other svc files become require(), its dynamic
 *      ones `Promise.resolve().then(() => require(…))`, and import.meta.url its own file's URL.
 *   3. The rest (the Ink screens: ink uses top-level await, which require() cannot load) stay ES
 *      modules (.js), reached only by dynamic import(); they import the CommonJS files by name, and
 *      Node gives them the same module instances that require() gave.
 * The output: dist/cli.cjs (+ dist/chunks/), dist/commands/<name>.cjs (+ dist/commands/<name>/).
 * Packages stay in node_modules (external), but for meow (BUNDLED_PACKAGES), got and php-parser
 * (dist/vendor/<name>.cjs, VENDORED), whose licence texts go to dist/licenses/. The local WordPress's PHP scripts and mu-plugins are
 * copied to dist/local-site/, where source/core/package-dir.ts finds them.
 *
 *   node scripts/build.mjs
 */
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'source');
const DIST = path.join(ROOT, 'dist');
const ASSET_DIRS = ['local-site/php', 'local-site/mu-plugins'];
const TARGET = 'node20';
/**
 * What import.meta becomes in CommonJS output: the object the banner below defines, whose url is a
 * getter, so that a file computes its URL only when code asks for it, not at every start.
 */
const META = '__svcImportMeta';
const META_BANNER = `var ${META} = { get url() { return require("node:url").pathToFileURL(__filename).href; } };\n`;
/** Marks the rewritten specifiers of step 2, so that only they are turned into require(). */
const MARK = '__svc_require__:';

const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
/** What source/core/package-info.ts gives; written into the bundle so that starting reads no file. */
const PACKAGE_INFO = (({ version, description }) => ({ version, description }))(requireFromRoot('./package.json'));
const esmOnlyCache = new Map();

/** Whether require() cannot load the package: its entry is an ES module, or it exports nothing to require. */
function isEsmOnly(specifier) {
  if (specifier.startsWith('node:')) return false;
  if (!esmOnlyCache.has(specifier)) {
    const name = /^(@[^/]+\/[^/]+|[^/]+)/.exec(specifier)?.[1] ?? specifier;
    let esm;
    try {
      const entry = requireFromRoot.resolve(specifier);
      esm = entry.endsWith('.mjs') || (entry.endsWith('.js') && packageType(entry, name) === 'module');
    } catch {
      esm = true;
    }
    esmOnlyCache.set(specifier, esm);
  }
  return esmOnlyCache.get(specifier);
}

/** The "type" of the package.json nearest above a file (inside the package named `name`). */
function packageType(file, name) {
  let dir = path.dirname(file);
  for (;;) {
    try {
      return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).type ?? 'commonjs';
    } catch {
      const up = path.dirname(dir);
      if (up === dir || dir.endsWith(`node_modules${path.sep}${name}`)) return 'commonjs';
      dir = up;
    }
  }
}

function commandNames() {
  return readdirSync(path.join(SOURCE, 'commands'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => entry.name);
}

/**
 * A command's declaration (source/commands/<name>/command.ts, bundled with the entry point) imports
 * its runner (./index.js) when it runs; in dist/ that is the command's own file. It is marked by its
 * path in dist/ until step 2 knows which file the declaration landed in and makes it relative.
 */
const commandsApart = {
  name: 'commands-apart',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/index\.js$/ }, (args) => {
      const declaration = /[\\/]source[\\/]commands[\\/]([^\\/]+)[\\/]command\.ts$/.exec(args.importer);
      if (declaration === null) return undefined;
      if (args.kind !== 'dynamic-import') throw new Error(`${path.relative(ROOT, args.importer)} imports its runner statically; only runner() may, with import().`);
      return { path: path.join(DIST, 'commands', `${declaration[1]}.cjs`), external: true };
    });
  },
};

/**
 * meow is bundled into svc, not loaded from node_modules: as an ES module package it would go
 * through Node's ESM loader (resolve, link, a facade per built-in) at every parsed command line;
 * as part of a CommonJS chunk it is one require(), and Node's compile cache covers it. Its licence
 * texts ship next to it (copyBundledLicences).
 */
const BUNDLED_PACKAGES = ['meow'];

/**
 * meow's own bundle of its dependencies is replaced by scripts/lib/meow-dependencies.mjs: the
 * packages meow uses for svc's command lines, bundled from node_modules (pinned to the versions of
 * meow's bundle in package.json), without normalize-package-data and what it loads, which cost
 * about 30 ms at every parsed command line (that file says why svc needs none of it).
 */
const MEOW_DEPENDENCIES = path.join(ROOT, 'scripts', 'lib', 'meow-dependencies.mjs');

const bundledPackages = {
  name: 'bundled-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: new RegExp(`^(${BUNDLED_PACKAGES.join('|')})$`) }, (args) => ({ path: requireFromRoot.resolve(args.path) }));
    pluginBuild.onResolve({ filter: /^\.\/dependencies\.js$/ }, (args) => (isMeowFile(args.importer) ? { path: MEOW_DEPENDENCIES } : undefined));
    // The packages it imports, and theirs in turn (map-obj, camelcase, quick-lru…), are bundled too.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path) || !(args.importer === MEOW_DEPENDENCIES || inLightPackage(args.importer))) return undefined;
      const dir = packageDirFrom(args.resolveDir, args.path);
      lightPackageDirs.add(dir);
      return { path: moduleEntry(dir) };
    });
  },
};

function isMeowFile(file) {
  return file.includes(`${path.sep}node_modules${path.sep}meow${path.sep}build${path.sep}`);
}

/** The folders of the packages bundled for meow-dependencies.mjs, as their imports are met. */
const lightPackageDirs = new Set();

function inLightPackage(file) {
  return [...lightPackageDirs].some((dir) => file.startsWith(dir));
}

/** The folder of package `name` as Node finds it from `dir` (the nearest node_modules up the tree). */
function packageDirFrom(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate + path.sep;
    if (path.dirname(at) === at) throw new Error(`Cannot find ${name} from ${dir} (a package meow needs: npm ci).`);
  }
}

/** A package's entry as an ES module import sees it: exports' import, node or default condition, else module or main. */
function moduleEntry(dir) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  let entry = manifest.exports;
  if (entry !== null && typeof entry === 'object' && !Array.isArray(entry) && '.' in entry) entry = entry['.'];
  for (;;) {
    if (Array.isArray(entry)) entry = entry[0];
    else if (entry !== null && typeof entry === 'object') entry = entry.import ?? entry.node ?? entry.default ?? entry.require;
    else break;
  }
  return path.join(dir, typeof entry === 'string' ? entry : (manifest.module ?? manifest.main ?? 'index.js'));
}

/**
 * meow's modules import from './dependencies.js' exactly the names meow-dependencies.mjs exports: a
 * newer meow that imports another is a build error, not a command that fails at run time.
 */
function checkMeowDependencies() {
  const meowDir = path.dirname(requireFromRoot.resolve('meow'));
  const wanted = new Set();
  for (const file of readdirSync(meowDir).filter((name) => name.endsWith('.js') && name !== 'dependencies.js')) {
    for (const match of readFileSync(path.join(meowDir, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\/dependencies\.js'/g)) {
      for (const part of match[1].split(',')) wanted.add(part.trim().split(/\s+as\s+/)[0]);
    }
  }
  const given = new Set([...readFileSync(MEOW_DEPENDENCIES, 'utf8').matchAll(/^\s*\w+ as (\w+),?$/gm)].map((match) => match[1]));
  const missing = [...wanted].filter((name) => !given.has(name));
  if (missing.length > 0) throw new Error(`meow imports ${missing.join(', ')} from its dependencies, which scripts/lib/meow-dependencies.mjs does not export: update it for this meow.`);
}

/**
 * Packages bundled into one CommonJS file each in dist/vendor/, whose licence texts ship in
 * dist/licenses/:
 *  - got, the HTTP client, is ESM-only and loads as about seventy ES modules (it and its
 *    dependencies) through Node's ESM loader with each command's first request: 150 to 200 ms of CPU
 *    on Node 20 and 24 alike on the bench machine (the compile cache does not cover the loader's own
 *    work). As one file it is one require() at half that. Every command's `import('got')` is pointed
 *    at it (vendoredGot). Two of its dependencies are left out (gotWithout): http2-wrapper, used only
 *    with got's `http2` option, and cacheable-request (with keyv, http-cache-semantics and
 *    normalize-url), used only with its `cache` option; svc's transport sets neither. Loading them
 *    (and node:http2) was about 20 ms of each site command's CPU on Node 20 (median of 15 loads of
 *    the file: 83 ms with them, 60 ms without). What stands in for them throws if it is ever used.
 *  - php-parser (the local checks of every push, pull and dev save) is 146 CommonJS files: about
 *    120 ms of CPU to resolve, read and compile on Node 20, about 55 ms as one file. requireCjs
 *    ('php-parser') is pointed at it (ownRequire, then vendoredSpecifiers once each file's place in
 *    dist/ is known).
 */
const VENDORED = { got: path.join(DIST, 'vendor', 'got.cjs'), 'php-parser': path.join(DIST, 'vendor', 'php-parser.cjs') };
/** What ownRequire writes in place of a vendored package's name, until the file's place in dist/ is known. */
const VENDOR_MARK = '__svc_vendored__:';

const vendoredGot = {
  name: 'vendored-got',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^got$/ }, (args) => {
      if (args.kind !== 'dynamic-import') throw new Error(`${path.relative(ROOT, args.importer)} imports got statically; only site-transport.ts may, with import(), when a request is sent.`);
      return { path: VENDORED.got, external: true };
    });
  },
};

/** got's dependencies for options svc's transport never sets (site-transport.ts), and the option each serves. */
const GOT_UNUSED = { 'http2-wrapper': 'the http2 option', 'cacheable-request': 'the cache option' };
const UNUSED_NAMESPACE = 'svc-unused';

const gotWithout = {
  name: 'got-without-unused',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: new RegExp(`^(${Object.keys(GOT_UNUSED).join('|')})$`) }, (args) => ({ path: args.path, namespace: UNUSED_NAMESPACE }));
    pluginBuild.onLoad({ filter: /.*/, namespace: UNUSED_NAMESPACE }, (args) => ({
      // Any use at all (a call, `new`, a property read) throws: svc's got was built without it.
      contents: [
        `const unused = () => { throw new Error(${JSON.stringify(`svc's bundled got has no ${args.path} (${GOT_UNUSED[args.path]}); scripts/build.mjs left it out`)}); };`,
        'export default new Proxy(function () {}, { get: unused, apply: unused, construct: unused });',
        // cacheable-request's error class, which got imports by name to tell its errors apart.
        'export class CacheError extends Error {}',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** One package bundled as dist/vendor/<name>.cjs, and the folders of the packages in it (for their licences). */
async function bundleVendored(name) {
  const outfile = VENDORED[name];
  const result = await build({
    plugins: name === 'got' ? [gotWithout] : [],
    absWorkingDir: ROOT,
    entryPoints: [moduleEntry(packageDirFrom(ROOT, name))],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: TARGET,
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const packages = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    if (input.startsWith(`${UNUSED_NAMESPACE}:`)) continue;
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.split(path.sep).join('/'));
    if (match === null) throw new Error(`${input} is bundled into ${path.relative(ROOT, outfile)} but belongs to no package`);
    packages.add(path.join(ROOT, match[1]));
  }
  return { target: outfile, text: result.outputFiles[0].text, packages: [...packages] };
}

/** Each vendored package's licence file(s), as dist/licenses/<package>/<file>: a package without one stops the build. */
function copyVendoredLicences(packages) {
  for (const dir of packages) {
    const name = path.relative(path.join(ROOT, 'node_modules'), dir).split(path.sep).join('/');
    const texts = readdirSync(dir).filter((file) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(file));
    if (texts.length === 0) throw new Error(`${name} is bundled into dist/vendor/ but has no licence file to ship with it`);
    for (const file of texts) {
      const target = path.join(DIST, 'licenses', ...name.split('/'), file);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(path.join(dir, file), target);
    }
  }
}

/** Where each bundled package's licence texts go in dist/: the files of the package that hold them. */
const BUNDLED_LICENCES = { meow: ['license', 'build/licenses.md'] };

function copyBundledLicences() {
  for (const [name, files] of Object.entries(BUNDLED_LICENCES)) {
    // The package's folder, from its entry (meow exports no package.json to resolve).
    const entry = requireFromRoot.resolve(name);
    const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
    const dir = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
    for (const file of files) {
      const target = path.join(DIST, 'licenses', name, file);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(path.join(dir, file), target);
    }
  }
}

/**
 * The main help as meow renders it (source/commands/read-argv.ts's renderHelp, meow bundled as in
 * dist/), for source/commands/built-help.ts: `svc --help` prints it without loading meow.
 */
async function renderMainHelp() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-build-help-'));
  try {
    const file = path.join(scratch, 'read-argv.mjs');
    await build({
      absWorkingDir: ROOT,
      entryPoints: [path.join(SOURCE, 'commands', 'read-argv.ts')],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: TARGET,
      packages: 'external',
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      logLevel: 'warning',
      plugins: [bundledPackages, commandsApart],
    });
    const { renderHelp } = await import(pathToFileURL(file).href);
    return renderHelp('main', PACKAGE_INFO);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * require-cjs.ts's createRequire, for ES modules, becomes the bundle's own require (see that file);
 * a vendored package's name becomes a mark that vendoredSpecifiers replaces.
 */
const ownRequire = {
  name: 'own-require',
  setup(pluginBuild) {
    const marks = Object.fromEntries(Object.keys(VENDORED).filter((name) => name !== 'got').map((name) => [name, VENDOR_MARK + name]));
    pluginBuild.onLoad({ filter: /[\\/]source[\\/]core[\\/]require-cjs\.ts$/ }, () => ({
      contents: `const vendored = ${JSON.stringify(marks)};
export function requireCjs(specifier) {
  const file = vendored[specifier];
  // The path from this file's own folder: require() may be a shim from another chunk, elsewhere in dist/.
  return require(file === undefined ? specifier : __dirname + "/" + file);
}`,
      loader: 'js',
    }));
  },
};

/** ownRequire's marks in a file bound for `file`, each made the path of its vendored package from that file's folder. */
function vendoredSpecifiers(file, text) {
  return text.replace(new RegExp(`"${VENDOR_MARK}([\\w-]+)"`, 'g'), (_, name) => JSON.stringify(path.relative(path.dirname(file), VENDORED[name]).split(path.sep).join('/')));
}

/** Step 1: ES modules, split at dynamic imports, in memory. */
async function bundle({ name, entry, outdir, chunkNames, plugins = [], define = {} }) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { [name]: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: TARGET,
    packages: 'external',
    chunkNames,
    jsx: 'automatic',
    // Whitespace and syntax only: names stay, so a stack trace still names svc's functions.
    minifyWhitespace: true,
    minifySyntax: true,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    define: { SVC_PACKAGE_INFO: JSON.stringify(PACKAGE_INFO), ...define },
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [ownRequire, bundledPackages, vendoredGot, ...plugins],
  });
  const outputs = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  return { entry: path.join(outdir, `${name}.js`), outputs, meta: result.metafile.outputs };
}

/** Step 2's choice: the files that must stay ES modules, closed over static imports. */
function esmFiles(meta) {
  const esm = new Set();
  const importers = new Map();
  for (const [file, output] of Object.entries(meta)) {
    for (const imported of output.imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external && isEsmOnly(imported.path)) esm.add(path.join(ROOT, file));
      if (!imported.external) {
        const target = path.join(ROOT, imported.path);
        importers.set(target, [...(importers.get(target) ?? []), path.join(ROOT, file)]);
      }
    }
  }
  const queue = [...esm];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop()) ?? []) {
      if (!esm.has(importer)) {
        esm.add(importer);
        queue.push(importer);
      }
    }
  }
  return esm;
}

function outputName(file, esm) {
  return esm.has(file) ? file : file.replace(/\.js$/, '.cjs');
}

/** The specifier from `from` to `to`, as ES modules and require() want it ("./x.cjs", "../y.js"). */
function relativeSpecifier(from, to) {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** Step 2: one ES module output becomes CommonJS, its svc imports pointed at the renamed files. */
async function toCommonJs(file, code, esm) {
  const result = await build({
    stdin: { contents: code, resolveDir: path.dirname(file), sourcefile: path.relative(ROOT, file), loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: TARGET,
    // import.meta itself too: meow (source/commands/read-argv.ts) is given import.meta, and reads its url.
    define: { 'import.meta.url': `${META}.url`, 'import.meta': META },
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [svcImports(file, esm)],
  });
  let text = result.outputFiles[0].text;
  // A dynamic import of another CommonJS file: require() it, skipping the ESM loader.
  text = text.replace(new RegExp(`import\\("${MARK}([^"]+)"\\)`, 'g'), 'Promise.resolve().then(() => require("$1"))');
  text = text.replaceAll(MARK, '');
  if (text.includes(META)) {
    text = prepend(text, META_BANNER);
  }
  return text;
}

/** `line` at the top of a file's code: after its #! line, if it has one. */
function prepend(text, line) {
  return text.startsWith('#!') ? text.replace(/\n/, `\n${line}`) : line + text;
}

/** Resolves every import of a file being converted: svc's files by their final names, packages as they are. */
function svcImports(file, esm) {
  return {
    name: 'svc-imports',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        // A command's runner, as commandsApart left it: its file in dist/.
        if (args.path.startsWith(DIST + path.sep)) {
          const specifier = relativeSpecifier(file, args.path);
          return { path: args.kind === 'dynamic-import' ? MARK + specifier : specifier, external: true };
        }
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const target = outputName(path.resolve(path.dirname(file), args.path), esm);
        const specifier = relativeSpecifier(file, target);
        const cjsDynamic = args.kind === 'dynamic-import' && !esm.has(path.resolve(path.dirname(file), args.path));
        return { path: cjsDynamic ? MARK + specifier : specifier, external: true };
      });
    },
  };
}

/** Step 3: an ES module output, its imports of CommonJS files renamed. */
function renameImports(file, code, meta, esm) {
  const output = meta[path.relative(ROOT, file)];
  let text = code;
  for (const imported of output.imports) {
    if (imported.external) continue;
    const target = path.join(ROOT, imported.path);
    if (esm.has(target)) continue;
    const before = relativeSpecifier(file, target);
    const after = relativeSpecifier(file, outputName(target, esm));
    text = text.replaceAll(`"${before}"`, `"${after}"`);
  }
  return text;
}

async function main() {
  checkMeowDependencies();
  const mainHelp = await renderMainHelp();
  const vendored = await Promise.all(Object.keys(VENDORED).map(bundleVendored));
  const bundles = await Promise.all([
    bundle({
      name: 'cli',
      entry: path.join(SOURCE, 'cli.tsx'),
      outdir: DIST,
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [commandsApart],
      define: { SVC_MAIN_HELP: JSON.stringify(mainHelp) },
    }),
    ...commandNames().map((name) =>
      bundle({ name, entry: path.join(SOURCE, 'commands', name, 'index.ts'), outdir: path.join(DIST, 'commands'), chunkNames: `${name}/[name]-[hash]` }),
    ),
  ]);
  const files = [];
  for (const { entry, outputs, meta } of bundles) {
    const esm = esmFiles(meta);
    if (esm.has(entry)) {
      throw new Error(`${path.relative(ROOT, entry)} would import an ES-module-only package through its static imports; import it dynamically where it is needed.`);
    }
    for (const [file, code] of outputs) {
      const target = outputName(file, esm);
      files.push({ target, text: vendoredSpecifiers(target, esm.has(file) ? renameImports(file, code, meta, esm) : await toCommonJs(file, code, esm)) });
    }
  }
  const absolute = files.find(({ text }) => text.includes(DIST + path.sep));
  if (absolute !== undefined) {
    // A runner's import that step 2 did not make relative: the declaration landed in an ES module file.
    throw new Error(`${path.relative(ROOT, absolute.target)} names a file by its path in ${DIST}; dist/ must move with the package.`);
  }
  rmSync(DIST, { recursive: true, force: true });
  for (const { target, text } of [...files, ...vendored]) {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  chmodSync(path.join(DIST, 'cli.cjs'), 0o755);
  for (const dir of ASSET_DIRS) {
    cpSync(path.join(SOURCE, dir), path.join(DIST, dir), { recursive: true });
  }
  copyBundledLicences();
  copyVendoredLicences(vendored.flatMap(({ packages }) => packages));
}

await main();
