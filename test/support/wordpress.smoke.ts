/**
 * Smoke test of the WordPress harness: start a site, make a few requests, print timings, stop.
 * Each request must answer the status it names, svc must be active and stop() must remove the
 * site's directory; anything else ends the run with what differed and exit 1.
 *
 *   npx tsx test/support/wordpress.smoke.ts [--verbose] [--opcache]
 *
 * The server kind comes from SVC_TEST_SERVER (php or fpm, default fpm); --opcache is for php -S.
 * Which WordPress comes from SVC_TEST_WORDPRESS (debian, newest, or a build's zip name; default debian).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

import { startWordPress, type Caller, type WordPressSite } from './wordpress.js';

const verbose = process.argv.includes('--verbose');
const opcache = process.argv.includes('--opcache');

async function timed(site: WordPressSite, path: string, as: Caller, status: number): Promise<void> {
  const started = performance.now();
  const response = await site.fetch(path, { as });
  const body = await response.text();
  const ms = (performance.now() - started).toFixed(1);
  console.log(`  GET ${path} as ${as}: ${response.status} in ${ms} ms  ${body.slice(0, 100).replace(/\s+/g, ' ')}`);
  assert.equal(response.status, status, `GET ${path} as ${as}: ${body.slice(0, 300)}`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const site = await startWordPress({ verbose, opcache });
  console.log(
    `started WordPress ${site.wordpressVersion} (${site.wordpress}) at ${site.url} in ${(performance.now() - started).toFixed(0)} ms (${site.server.kind}, opcache ${site.server.kind === 'fpm' ? 'on' : String(opcache)})`,
  );
  console.log(`  steps: ${JSON.stringify(site.timings)}`);
  try {
    await timed(site, '/', 'anonymous', 200);
    await timed(site, '/wp/v2/users/me?context=edit', 'admin', 200);
    await timed(site, '/wp/v2/users/me?context=edit', 'editor', 200);
    await timed(site, '/wp/v2/users/me', 'anonymous', 401);
    await timed(site, '/svc/v1/api-namespace', 'anonymous', 401);
    await timed(site, '/svc/v1/api-namespace', 'admin', 200);
    for (let i = 0; i < 3; i++) await timed(site, '/', 'anonymous', 200);
    const pluginActive = (await site.php("echo in_array('svc/svc.php', get_option('active_plugins'), true) ? 'yes' : 'no';")).trim();
    console.log(`  svc plugin active: ${pluginActive}`);
    assert.equal(pluginActive, 'yes', 'svc/svc.php is not active');
  } finally {
    const stopping = performance.now();
    await site.stop();
    console.log(`stopped in ${(performance.now() - stopping).toFixed(0)} ms; root removed: ${String(!existsSync(site.root))}`);
  }
  assert.equal(existsSync(site.root), false, `stop() left ${site.root}`);
  console.log('smoke test passed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
