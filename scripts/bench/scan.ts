/**
 * The scanner's cost against a route file's shape and size (issue 23: one legal-size file with
 * 120,000 attributes on one method took every request past the 30 s limit). Files of each shape are
 * made at several sizes up to just under the 512 KB limit, and the plugin's own TokenScanner reads
 * them in a `php` process, as a manifest build or a push would (no WordPress needed). Linear means
 * time(512 KB) ÷ time(128 KB) ≈ 4; a quadratic pattern shows as ≈ 16.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The plugin's size limit for one route file (Storage\Limits' default). */
export const LIMIT_BYTES = 512 * 1024;
/** Just under the limit: what the worst legal file can be. */
const TOP_BYTES = LIMIT_BYTES - 1024;
const SIZES = [TOP_BYTES / 8, TOP_BYTES / 4, TOP_BYTES / 2, TOP_BYTES].map(Math.floor);

const HEAD = "<?php\ndeclare(strict_types=1);\n\nuse Svc\\Api\\Attribute\\Args;\n\n";

/** A file of one shape: `unit` repeated to fill `bytes`, between a head and a tail. */
interface Shape {
  name: string;
  head: string;
  unit: (i: number) => string;
  tail: string;
}

export const SHAPES: readonly Shape[] = [
  { name: 'attributes on one method', head: `${HEAD}final class Hostile {\n\tpublic function get() { return 1; }\n\t`, unit: () => '#[A] ', tail: '\n\tpublic function post() { return 2; }\n}\n' },
  { name: 'attributes in one group', head: `${HEAD}final class Hostile {\n\t#[A`, unit: () => ', A', tail: ']\n\tpublic function get() { return 1; }\n}\n' },
  { name: 'attributes on the class', head: HEAD, unit: () => '#[A] ', tail: 'final class Hostile {\n\tpublic function get() { return 1; }\n}\n' },
  { name: 'methods', head: `${HEAD}final class Hostile {\n`, unit: (i) => `\t#[A] public function m${i}() {}\n`, tail: '\tpublic function get() { return 1; }\n}\n' },
  { name: 'strings in a method', head: `${HEAD}final class Hostile {\n\tpublic function get() {\n\t\treturn [\n`, unit: (i) => `\t\t\t'k${i}' => "v{$i}\\n",\n`, tail: '\t\t];\n\t}\n}\n' },
  { name: 'one huge string', head: `${HEAD}final class Hostile {\n\tpublic function get() {\n\t\treturn '`, unit: () => 'x'.repeat(64), tail: "';\n\t}\n}\n" },
  { name: 'Args entries', head: `${HEAD}final class Hostile {\n\t#[Args([\n`, unit: (i) => `\t\t'a${i}' => ['type' => 'string', 'description' => 'd'],\n`, tail: '\t])]\n\tpublic function get() { return 1; }\n}\n' },
  { name: 'comments and docblocks', head: `${HEAD}final class Hostile {\n`, unit: (i) => `\t// note ${i}\n\t/** Doc ${i}. */\n`, tail: '\tpublic function get() { return 1; }\n}\n' },
  { name: 'blocks in a method', head: `${HEAD}final class Hostile {\n\tpublic function get() {\n`, unit: () => '\t\tif (true) { $a = [1, [2, [3]]]; }\n', tail: '\t\treturn 1;\n\t}\n}\n' },
  // PHP's parser refuses nesting past a depth of about 10,000 (a parse error, found by TOKEN_PARSE): the
  // deepest legal nesting is a fixed number of levels repeated.
  { name: 'nesting, 500 deep, repeated', head: `${HEAD}final class Hostile {\n\tpublic function get() {\n`, unit: () => `${'{'.repeat(500)}${'}'.repeat(500)}\n`, tail: '\t\treturn 1;\n\t}\n}\n' },
  { name: 'Args nested 500 deep, repeated', head: `${HEAD}final class Hostile {\n\t#[Args([\n`, unit: (i) => `'a${i}' => ['type' => 'object', 'default' => ${'['.repeat(500)}${']'.repeat(500)}],\n`, tail: '\t])]\n\tpublic function get() { return 1; }\n}\n' },
];

/** The shape's file, `bytes` long or a unit short of it. */
export function shapedFile(shape: Shape, bytes: number): string {
  const parts = [shape.head];
  let length = shape.head.length + shape.tail.length;
  for (let i = 0; ; i++) {
    const unit = shape.unit(i);
    if (length + unit.length > bytes) break;
    parts.push(unit);
    length += unit.length;
  }
  parts.push(shape.tail);
  return parts.join('');
}

/**
 * Scans each file given on the command line several times with the plugin's TokenScanner and prints,
 * per file, the fastest time in seconds and what the scan found (so a shape that is a parse error
 * is seen as one, not timed as a scan).
 */
const DRIVER = `<?php
require $argv[1] . '/plugin/src/Autoloader.php';
\\Svc\\Autoloader::register( 'Svc\\\\', $argv[1] . '/plugin/src' );
if ( ! function_exists( '__' ) ) { function __( $text ) { return $text; } }
$rounds = (int) $argv[2];
foreach ( array_slice( $argv, 3 ) as $file ) {
	$source = file_get_contents( $file );
	$best   = INF;
	for ( $round = 0; $round < $rounds; $round++ ) {
		$started = hrtime( true );
		$result  = \\Svc\\Scanning\\TokenScanner::scan( $source, basename( $file ) );
		$best    = min( $best, ( hrtime( true ) - $started ) / 1e9 );
	}
	$summary = $result->parse_error ?? sprintf( '%d class, %d methods, %d attributes, %d contract problems', count( $result->classes ), count( $result->methods ), array_sum( array_map( fn ( $m ) => count( $m['attributes'] ), $result->methods ) ) + count( $result->class_attributes ), count( $result->contract_problems ) );
	echo json_encode( array( 'file' => $file, 'seconds' => $best, 'summary' => $summary, 'memory' => memory_get_peak_usage() ) ), "\\n";
}
`;

export interface ScanFigure {
  shape: string;
  bytes: number;
  seconds: number;
  summary: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every shape at every size, each file scanned `rounds` times (the fastest counts). */
export function measureScans(rounds = 3): ScanFigure[] {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-scan-'));
  try {
    const driver = path.join(scratch, 'driver.php');
    writeFileSync(driver, DRIVER);
    const figures: ScanFigure[] = [];
    for (const [s, shape] of SHAPES.entries()) {
      const files = SIZES.map((bytes) => {
        const file = path.join(scratch, `shape-${s}-${bytes}.php`);
        writeFileSync(file, shapedFile(shape, bytes));
        return { file, bytes };
      });
      // One process per shape, no memory or time limit: the figures show the cost, not a limit's cut.
      const run = spawnSync('php', ['-d', 'memory_limit=-1', '-d', 'max_execution_time=0', driver, ROOT, String(rounds), ...files.map((f) => f.file)], { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (run.status !== 0) throw new Error(`the scan driver failed on "${shape.name}": ${run.stderr || run.stdout}`);
      const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { file: string; seconds: number; summary: string });
      for (const [i, line] of lines.entries()) figures.push({ shape: shape.name, bytes: files[i]!.bytes, seconds: line.seconds, summary: line.summary });
    }
    return figures;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A table: one row per shape, a column per size, and time(largest) ÷ time(a quarter of it). */
export function formatScans(figures: readonly ScanFigure[], label: number): string[] {
  const sizes = [...new Set(figures.map((f) => f.bytes))].sort((a, b) => a - b);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const lines = [
    `svc bench, TokenScanner: fastest of 3 scans in one php process (PHP ${phpVersion()}); linear ⇔ ${kb(sizes.at(-1)!)} ÷ ${kb(sizes.at(-3) ?? sizes[0]!)} ≈ 4`,
    `${'shape'.padEnd(label)}${sizes.map((bytes) => kb(bytes).padStart(10)).join('')}     ratio   worst ≤ 1 s`,
  ];
  let worst = 0;
  for (const shape of [...new Set(figures.map((f) => f.shape))]) {
    const row = figures.filter((f) => f.shape === shape);
    const top = row.find((f) => f.bytes === sizes.at(-1));
    const quarter = row.find((f) => f.bytes === sizes.at(-3));
    const ratio = top !== undefined && quarter !== undefined ? (top.seconds / quarter.seconds).toFixed(1) : '-';
    worst = Math.max(worst, top?.seconds ?? 0);
    lines.push(`${shape.padEnd(label)}${sizes.map((bytes) => `${((row.find((f) => f.bytes === bytes)?.seconds ?? NaN) * 1000).toFixed(1)} ms`.padStart(10)).join('')}   ${ratio.padStart(7)}   ${top !== undefined && top.seconds <= 1 ? 'yes' : 'NO'}   (${top?.summary ?? ''})`);
  }
  lines.push(`${'slowest file just under the limit'.padEnd(label)}${(worst * 1000).toFixed(1)} ms   target well under 1000 ms`);
  return lines;
}

function phpVersion(): string {
  return spawnSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' }).stdout.trim();
}
