/**
 * Where bench (a)'s difference goes: `npx tsx scripts/bench/profile-a.ts [rounds]` serves the svc route
 * and the same handler registered by hand (HAND_REGISTERED_PLUGIN) on one nginx + php-fpm site with
 * opcache, interleaved as bench (a) does, with a mu-plugin that records hrtime() at hooks on both
 * sides of svc's own callbacks (rest_api_init 20, rest_pre_dispatch 0 and 1, the callbacks, the
 * dispatch and serve filters). Prints, per route, the median time between consecutive marks and the
 * Svc classes the request loaded: a phase where only svc's side grows is svc's cost. Not part of
 * `npm run bench`: the marks cost a little themselves, and a loaded machine moves every phase.
 * PROFILE_PLUGIN_DIR=<dir> profiles another copy of plugin/ (e.g. `git archive <commit> plugin`
 * unpacked), to compare two versions in turns.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWordPress } from '../../test/support/wordpress.js';
import { deploy } from './deploy.js';
import { interleavedPair, median, timeRequest } from './measure.js';
import { phaseReport, type ProfileLine } from './profile-report.js';
import { HAND_REGISTERED_PLUGIN, helloRoute } from './routes.js';

/** Marks on both sides of svc's callbacks; each request appends [uri, marks, Svc classes] to wp-content/profile-a.log. */
const PROFILE_PLUGIN = `<?php
/**
 * Plugin Name: bench (a) profile
 */
$GLOBALS['bench_marks'] = array( array( 'mu-plugin', hrtime( true ) ) );
$bench_mark = static function ( string $name ): void {
	$GLOBALS['bench_marks'][] = array( $name, hrtime( true ) );
};
add_action( 'plugins_loaded', static fn () => $bench_mark( 'plugins_loaded' ), PHP_INT_MIN );
add_action( 'init', static fn () => $bench_mark( 'init' ), PHP_INT_MIN );
add_action( 'wp_loaded', static fn () => $bench_mark( 'wp_loaded' ), PHP_INT_MIN );
add_action( 'parse_request', static fn () => $bench_mark( 'parse_request' ), PHP_INT_MIN );
$phases = array(
	'rest_api_init'                 => array( 19, 21 ),
	'rest_pre_dispatch'             => array( -10, 10 ),
	'rest_request_before_callbacks' => array( -100000, 100000 ),
	'rest_request_after_callbacks'  => array( -100000 ),
	'rest_post_dispatch'            => array( -10, 80, 200 ),
	'rest_pre_serve_request'        => array( 99, 200 ),
);
foreach ( $phases as $hook => $priorities ) {
	foreach ( $priorities as $priority ) {
		add_filter(
			$hook,
			static function ( $value = null ) use ( $bench_mark, $hook, $priority ) {
				$bench_mark( $hook . '@' . $priority );
				return $value;
			},
			$priority
		);
	}
}
add_action(
	'shutdown',
	static function () use ( $bench_mark ): void {
		$bench_mark( 'shutdown' );
		$classes = array_values( array_filter( get_declared_classes(), static fn ( string $name ): bool => str_starts_with( $name, 'Svc\\\\' ) ) );
		file_put_contents( WP_CONTENT_DIR . '/profile-a.log', json_encode( array( $_SERVER['REQUEST_URI'] ?? '', $GLOBALS['bench_marks'], $classes ) ) . "\\n", FILE_APPEND );
	},
	PHP_INT_MAX
);
`;

type Line = ProfileLine;

/** Median µs of each phase (between consecutive marks) and of the whole request. */
function phaseMedians(lines: Line[]): Map<string, number> {
  const phases = new Map<string, number[]>();
  for (const [, marks] of lines) {
    marks.slice(1).forEach(([mark, at], i) => {
      const [previous, since] = marks[i] ?? ['?', at];
      const key = `${previous} → ${mark}`;
      phases.set(key, [...(phases.get(key) ?? []), (at - since) / 1000]);
    });
    const first = marks[0]?.[1] ?? 0;
    const last = marks[marks.length - 1]?.[1] ?? first;
    phases.set('mu-plugin → shutdown (total)', [...(phases.get('mu-plugin → shutdown (total)') ?? []), (last - first) / 1000]);
  }
  return new Map([...phases].map(([key, values]) => [key, median(values)]));
}

function report(name: string, lines: Line[]): string[] {
  return phaseReport(name, lines, phaseMedians(lines));
}

/**
 * svc's side minus the hand route's, for the phases that hold svc's own callbacks (the others are the
 * same WordPress on both sides: what they differ by is the machine's noise), and their sum.
 */
function difference(svc: Line[], hand: Line[]): string[] {
  const ours = phaseMedians(svc);
  const theirs = phaseMedians(hand);
  // Not core's route registration after svc's rest_api_init (21 → pre_dispatch), nor the end of the
  // request: hundreds of µs of the same work on both sides, whose noise would hide svc's part.
  const around = [...ours.keys()].filter((key) => theirs.has(key) && /^rest_(api_init|pre_dispatch|request|post_dispatch|pre_serve)/.test(key) && !/^rest_api_init@21|→ shutdown$/.test(key));
  const rows = around.map((key): [string, number] => [key, (ours.get(key) ?? 0) - (theirs.get(key) ?? 0)]);
  return [
    'svc − by hand, phases around svc\'s callbacks, µs',
    ...rows.map(([key, value]) => `${value.toFixed(0).padStart(8)}  ${key}`),
    `${rows.reduce((sum, [, value]) => sum + value, 0).toFixed(0).padStart(8)}  (sum)`,
  ];
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 200);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-profile-a-'));
  const hand = path.join(scratch, 'bench-hand-route.php');
  const profile = path.join(scratch, 'zz-bench-profile.php');
  writeFileSync(hand, HAND_REGISTERED_PLUGIN);
  writeFileSync(profile, PROFILE_PLUGIN);
  const site = await startWordPress({ opcache: true, muPlugins: [hand, profile], ...(process.env.PROFILE_PLUGIN_DIR === undefined ? {} : { pluginDir: process.env.PROFILE_PLUGIN_DIR }) });
  try {
    await deploy(site, [{ filename: 'hello', content: helloRoute() }]);
    const svcRoute = { name: 'svc', url: `${site.restRoot}/svc-api/v1/hello` };
    const handRoute = { name: 'by hand', url: `${site.restRoot}/bench/v1/hello` };
    // As bench.ts does: the first request of the route after the push rewrites its manifest (its boot
    // record), and opcache does not cache a file in the first 2 s after it changed
    // (file_update_protection): measured earlier, svc's side would compile the manifest each time.
    for (const target of [svcRoute, handRoute]) await timeRequest(target);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const log = path.join(site.contentDir, 'profile-a.log');
    writeFileSync(log, '');
    const [svcMs, handMs] = await interleavedPair(svcRoute, handRoute, rounds);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    // interleavedPair's warm-up rounds are left out here too.
    const of = (part: string): Line[] => lines.filter(([uri]) => uri.includes(part)).slice(20);
    process.stdout.write(
      [`wall medians: svc ${svcMs.toFixed(2)} ms, by hand ${handMs.toFixed(2)} ms, ratio ${(svcMs / handMs).toFixed(3)}`, '', ...report('svc route', of('/svc-api/v1/hello')), '', ...report('by hand', of('/bench/v1/hello')), '', ...difference(of('/svc-api/v1/hello'), of('/bench/v1/hello')), ''].join('\n'),
    );
  } finally {
    await site.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`profile failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
