/**
 * Where bench (j)'s difference goes: `npx tsx scripts/bench/profile-j.ts [rounds] [redis|disk…]`
 * serves a MISS of a #[Cache] route and the same handler without #[Cache] (early-cache.ts's
 * argsRoute, a fresh `q` per request) on an nginx + php-fpm site with opcache never revalidating
 * and the early cache on, interleaved as bench (j) does, once per store. The site runs a throwaway
 * copy of plugin/ whose early entry script records hrtime() as it starts, once it read the index,
 * once it found the route, and as it returns to WordPress; a mu-plugin records WordPress's phases,
 * a shutdown function registered first the moment WordPress is done (answered), and EarlyServer the
 * moment a miss's answer leaves (sent: fastcgi_finish_request; what comes after, the store's write
 * and the counts, costs the client nothing). Prints, per route, the median time between
 * consecutive marks and the Svc classes the request loaded, and MISS − uncached per phase: a phase
 * where only the miss grows is the early cache's cost. Not part of `npm run bench`.
 * PROFILE_PLUGIN_DIR=<dir> profiles another copy of plugin/, to compare two versions in turns.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWordPress } from '../../test/support/wordpress.js';
import { deploy } from './deploy.js';
import { argsRoute, enableEarlyCache, type Store } from './early-cache.js';
import { freshQuery, interleavedProbes, pause, timeProbe, warm } from './early-probes.js';
import { median } from './measure.js';
import { phaseReport, type ProfileLine } from './profile-report.js';

const mark = (name: string): string => `$GLOBALS['bench_marks'][] = array( '${name}', hrtime( true ) );`;

/**
 * The entry script with marks: its start (and a shutdown function registered before the early
 * cache's own, so it runs first, as the answer is complete), the index read, the route found and its end.
 */
function instrumentEntry(source: string): string {
  const edits: [string, string][] = [
    ["define( 'SVC_EARLY_CACHE_RAN', true );\n", `define( 'SVC_EARLY_CACHE_RAN', true );\n$GLOBALS['bench_marks'] = array( array( 'entry', hrtime( true ) ) );\nregister_shutdown_function( static function (): void { ${mark('answered')} } );\n`],
    ['\tif ( null === $index ) {\n\t\treturn;', `\t${mark('index read')}\n\tif ( null === $index ) {\n\t\treturn;`],
    ["\tif ( null === $route || null === $route['cache'] ) {", `\t${mark('route found')}\n\tif ( null === $route || null === $route['cache'] ) {`],
  ];
  let out = source;
  for (const [from, to] of edits) {
    if (!out.includes(from)) throw new Error(`profile-j: entry.php no longer has ${JSON.stringify(from)}; update instrumentEntry()`);
    out = out.replace(from, to);
  }
  return `${out}${mark('entry done')}\n`;
}

/** A miss's answer sent to the client: PHP-FPM ends the request there, before the store's write. */
function instrumentServer(source: string): string {
  const from = '\t\t\t\t\tfastcgi_finish_request();';
  if (!source.includes(from)) throw new Error(`profile-j: EarlyServer.php no longer has ${JSON.stringify(from)}; update instrumentServer()`);
  return source.replace(from, `\t\t\t\t\t${mark('sent')}\n${from}`);
}

/** php -r: the early bundle written from the instrumented copy's sources (argv: build-hot-path.php, src). */
const BUNDLE_AGAIN = "require $argv[1]; require $argv[2] . '/EarlyCache/EarlyPath.php'; echo svc_hot_path_source( $argv[2], Svc\\EarlyCache\\EarlyPath::CLASSES, 'scripts/build-early-path.php' );";

/** WordPress's phases after the drop-in; each request appends [uri, marks, Svc classes] to wp-content/profile-j.log. */
const PROFILE_PLUGIN = `<?php
/**
 * Plugin Name: bench (j) profile
 */
$GLOBALS['bench_marks'][] = array( 'mu-plugin', hrtime( true ) );
$bench_mark = static function ( string $name ): void {
	$GLOBALS['bench_marks'][] = array( $name, hrtime( true ) );
};
foreach ( array( 'plugins_loaded', 'init', 'wp_loaded', 'parse_request' ) as $hook ) {
	add_action( $hook, static fn () => $bench_mark( $hook ), PHP_INT_MIN );
}
foreach ( array( 'rest_pre_dispatch' => 10, 'rest_request_before_callbacks' => 100000, 'rest_request_after_callbacks' => -100000, 'rest_pre_serve_request' => 200 ) as $hook => $priority ) {
	add_filter( $hook, static function ( $value = null ) use ( $bench_mark, $hook ) { $bench_mark( $hook ); return $value; }, $priority );
}
add_action(
	'shutdown',
	static function () use ( $bench_mark ): void {
		$bench_mark( 'shutdown' );
		$classes = array_values( array_filter( get_declared_classes(), static fn ( string $name ): bool => str_starts_with( $name, 'Svc\\\\' ) ) );
		file_put_contents( WP_CONTENT_DIR . '/profile-j.log', json_encode( array( $_SERVER['REQUEST_URI'] ?? '', $GLOBALS['bench_marks'] ?? array(), $classes ) ) . "\\n", FILE_APPEND );
	},
	PHP_INT_MAX
);
`;

type Line = ProfileLine;

/** Median µs of each phase (between consecutive marks), of the drop-in's part and of entry → sent. */
function phaseMedians(lines: Line[]): Map<string, number> {
  const phases = new Map<string, number[]>();
  const add = (key: string, value: number): void => void phases.set(key, [...(phases.get(key) ?? []), value]);
  for (const [, marks] of lines) {
    marks.slice(1).forEach(([name, at], i) => {
      const [previous, since] = marks[i] ?? ['?', at];
      add(`${previous} → ${name}`, (at - since) / 1000);
    });
    const at = (name: string): number | undefined => marks.find(([mark]) => mark === name)?.[1];
    // A miss's answer leaves when its buffer is flushed, after the shutdown function marked answered.
    const [entry, done, sent] = [at('entry'), at('entry done'), at('sent') ?? at('answered')];
    if (entry !== undefined && done !== undefined) add('entry → entry done (the drop-in)', (done - entry) / 1000);
    if (entry !== undefined && sent !== undefined) add('entry → sent (total)', (sent - entry) / 1000);
  }
  return new Map([...phases].map(([key, values]) => [key, median(values)]));
}

function report(name: string, lines: Line[]): string[] {
  return phaseReport(name, lines, phaseMedians(lines));
}

function difference(miss: Line[], uncached: Line[]): string[] {
  const ours = phaseMedians(miss);
  const theirs = phaseMedians(uncached);
  return ['MISS − without #[Cache], µs', ...[...ours.keys()].filter((key) => theirs.has(key)).map((key) => `${((ours.get(key) ?? 0) - (theirs.get(key) ?? 0)).toFixed(0).padStart(8)}  ${key}`)];
}

async function profile(store: Store, rounds: number, pluginDir: string, muPlugin: string): Promise<string[]> {
  const site = await startWordPress({ server: 'fpm', opcache: true, validateTimestamps: false, objectCache: store === 'redis' ? 'redis' : 'none', muPlugins: [muPlugin], pluginDir });
  try {
    await deploy(site, [
      { filename: 'lookup', content: argsRoute('BenchLookupCached', true) },
      { filename: 'lookup-uncached', content: argsRoute('BenchLookupUncached', false) },
    ]);
    await enableEarlyCache(site, store, () => site.restartServer());
    const miss = freshQuery(`MISS (${store})`, `${site.restRoot}/svc-api/v1/lookup`, 'MISS');
    const uncached = freshQuery(`without #[Cache] (${store})`, `${site.restRoot}/svc-api/v1/lookup-uncached`, 'BYPASS');
    // As early-cache.ts: the index is published, both routes' manifests written, then opcache's 2 s.
    await warm(`${site.restRoot}/svc-api/v1/lookup?q=warm`);
    for (const probe of [miss, uncached]) await timeProbe(probe);
    await pause(2500);
    const log = path.join(site.contentDir, 'profile-j.log');
    writeFileSync(log, '');
    const [missMs, uncachedMs] = await interleavedProbes(miss, uncached, rounds);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    const of = (part: string): Line[] => lines.filter(([uri]) => uri.includes(`${part}?`)).slice(20);
    return [
      `${store}: wall medians: MISS ${missMs.toFixed(2)} ms, without #[Cache] ${uncachedMs.toFixed(2)} ms, ratio ${(missMs / uncachedMs).toFixed(3)}`,
      '',
      ...report(`MISS (${store})`, of('/svc-api/v1/lookup')),
      '',
      ...report(`without #[Cache] (${store})`, of('/svc-api/v1/lookup-uncached')),
      '',
      ...difference(of('/svc-api/v1/lookup'), of('/svc-api/v1/lookup-uncached')),
      '',
    ];
  } finally {
    await site.stop();
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 200);
  const stores = (process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['redis', 'disk']) as Store[];
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-profile-j-'));
  try {
    const pluginDir = path.join(scratch, 'svc');
    cpSync(process.env.PROFILE_PLUGIN_DIR ?? path.join(import.meta.dirname, '../../plugin'), pluginDir, { recursive: true, dereference: true });
    const entry = path.join(pluginDir, 'src/EarlyCache/entry.php');
    writeFileSync(entry, instrumentEntry(readFileSync(entry, 'utf8')));
    const server = path.join(pluginDir, 'src/EarlyCache/EarlyServer.php');
    writeFileSync(server, instrumentServer(readFileSync(server, 'utf8')));
    // The bundle holds its own copy of EarlyServer: made again from the instrumented one.
    const bundle = path.join(pluginDir, 'early-path.php');
    if (existsSync(bundle)) writeFileSync(bundle, execFileSync('php', ['-r', BUNDLE_AGAIN, path.join(import.meta.dirname, '../build-hot-path.php'), path.join(pluginDir, 'src')], { encoding: 'utf8' }));
    const muPlugin = path.join(scratch, 'zz-bench-profile.php');
    writeFileSync(muPlugin, PROFILE_PLUGIN);
    for (const store of stores) process.stdout.write(`${(await profile(store, rounds, pluginDir, muPlugin)).join('\n')}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`profile failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
