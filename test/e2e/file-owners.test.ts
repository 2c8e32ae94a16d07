/**
 * Files written by another user than PHP's, as on a shared host where the account's owner uploads
 * by SFTP and PHP runs as www-data (Apache + mod_php here, whatever SVC_TEST_SERVER says): a push
 * that cannot write says which path, whose it is and PHP's user, changes nothing, and every route
 * keeps being served; once the folder is PHP's again, pushing works.
 */
import { execFileSync } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { publicGet, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, push, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(300_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite({ server: 'apache' });
});

afterAll(async () => {
  await site?.stop();
});

const chown = (owner: string): void => void execFileSync('chown', ['-R', owner, site.svcDir]);

describe("svc's folder written by another user than PHP's", () => {
  it('a push says which path, whose it is and who PHP runs as, changes nothing, and routes stay served', async () => {
    await pushOk(site, { kept: publicGet(uniqueClass('Kept'), 'kept v1') });
    chown('root:root');
    try {
      const refused = await push(site, { kept: publicGet(uniqueClass('Kept'), 'kept v2'), added: publicGet(uniqueClass('Added'), 'added') });
      expect(refused.status).toBe(500);
      expect(refused.body.code).toBe('svc_write_failed');
      expect(refused.body.message).toMatch(/svc could not .*wp-content\/svc/);
      expect(refused.body.message).toContain('belongs to root');
      expect(refused.body.message).toContain('PHP runs as www-data');
      expect(refused.body.message).toContain('chown -R www-data wp-content/svc');
      expect(refused.body.message).toContain('nothing was changed');
      // Served as before: the old content, no new route, the management API answering.
      expect((await call(site, '/svc-api/v1/kept', { as: 'anonymous' })).body).toEqual({ route: 'kept v1' });
      expect((await call(site, '/svc-api/v1/added', { as: 'anonymous' })).status).toBe(404);
      expect((await call(site, '/svc/v1/api-files?content=false')).status).toBe(200);
    } finally {
      chown('www-data:www-data');
    }
    await pushOk(site, { kept: publicGet(uniqueClass('Kept'), 'kept v3') });
    expect((await call(site, '/svc-api/v1/kept', { as: 'anonymous' })).body).toEqual({ route: 'kept v3' });
  });
});
