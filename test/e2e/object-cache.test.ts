/**
 * A site with a persistent object cache, as multi-node hosts run one: the harness's `objectCache:
 * 'redis'` starts the site's own redis-server and installs Redis Object Cache 2.6.3's drop-in. The
 * web server's PHP and the command line's reach the same Redis, and what one stores the other reads.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { pongs } from '../../source/local-site/redis.js';
import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(300_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite({ server: 'fpm', objectCache: 'redis' });
});

afterAll(async () => {
  await site?.stop();
});

describe('a site with Redis as its object cache', () => {
  it('serves WordPress through the drop-in: a value stored by one PHP process is read by the web server', async () => {
    expect(site.redisSocket).toBeDefined();
    expect(await pongs(site.redisSocket ?? '')).toBe(true);
    const stored = await site.php(
      "echo wp_using_ext_object_cache() ? 'ext' : 'none'; echo ' '; echo wp_cache_set( 'probe', 'from the command line', 'svc_test' ) ? 'set' : 'unset';",
    );
    expect(stored.trim()).toBe('ext set');
    const source = routeSource(
      uniqueClass('Probe'),
      "\tpublic function get(): array {\n\t\treturn array( 'external' => wp_using_ext_object_cache(), 'probe' => wp_cache_get( 'probe', 'svc_test' ) );\n\t}",
      OPEN,
    );
    await pushOk(site, { probe: source });
    const answer = await call(site, '/svc-api/v1/probe', { as: 'anonymous' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ external: true, probe: 'from the command line' });
  });

  it('is stopped with the site', async () => {
    const socket = site.redisSocket ?? '';
    await site.stop();
    expect(await pongs(socket)).toBe(false);
  });
});
