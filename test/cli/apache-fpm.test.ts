/**
 * Apache 2.4 + PHP-FPM (proxy_fcgi), the host whose .htaccess lost WordPress's line that passes the
 * Authorization header on (issue 19): a real server that strips it, not a simulation. `svc doctor`
 * names the problem and prints Apache's fix; `svc login` fails with the same fix when the site turned
 * svc's X-Svc-Authorization fallback off, and gets through with it on; `CGIPassAuth On` in .htaccess
 * (the fix svc prints) makes Authorization itself reach PHP.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(180_000);

const DOCTOR_MU_PLUGIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'mu-plugins', 'svc-everyday-doctor.php');

let bench: CliBench | undefined;
let site: WordPressSite;
let svc: SvcRunner;
let env: Record<string, string>;

beforeAll(async () => {
  bench = await startCliBench('apache-fpm', { site: { server: 'apache', apachePhp: 'fpm', authorizationRule: false, muPlugins: [DOCTOR_MU_PLUGIN] } });
  ({ site, svc, env } = bench);
}, 300_000);

afterAll(() => bench?.stop());

interface Check {
  status: string;
  reason: string;
  fix?: string;
}

async function doctor(): Promise<{ code: number | null; auth: Check | undefined }> {
  const result = await svc(['doctor', '--json'], { env });
  const report = JSON.parse(result.stdout) as { checks: (Check & { id: string })[] };
  return { code: result.code, auth: report.checks.find((check) => check.id === 'auth') };
}

const login = () =>
  svc(['login', '--url', site.url, '--user', 'admin', '--password-stdin', '--insecure-store', '--site', 'apache-fpm'], { input: `${site.users.admin.appPassword}\n` });

const htaccess = (): string => path.join(site.wpDir, '.htaccess');

describe('Apache + PHP-FPM without the Authorization line in .htaccess', () => {
  it('is the host it claims to be: PHP runs in FPM behind Apache, and Authorization never reaches it', async () => {
    expect(site.server.kind).toBe('apache');
    expect(readFileSync(htaccess(), 'utf8')).not.toContain('HTTP_AUTHORIZATION');
    const probe = path.join(site.wpDir, 'svc-sapi-probe.php');
    writeFileSync(probe, "<?php echo php_sapi_name(), ' ', $_SERVER['SERVER_SOFTWARE'] ?? '';");
    try {
      expect(await (await fetch(`${site.url}/svc-sapi-probe.php`)).text()).toMatch(/^fpm-fcgi Apache/);
    } finally {
      rmSync(probe);
    }
    const basic = `Basic ${Buffer.from(`admin:${site.users.admin.appPassword}`).toString('base64')}`;
    // Only Authorization: WordPress answers as to a visitor.
    expect((await fetch(`${site.url}/wp-json/wp/v2/users/me`, { headers: { authorization: basic } })).status).toBe(401);
  });

  it("svc doctor: ⚠ the password got through only in svc's X-Svc-Authorization, with Apache's fix", async () => {
    const { code, auth } = await doctor();
    expect(code).toBe(0);
    expect(auth).toMatchObject({ status: 'warn', reason: expect.stringContaining("only in svc's X-Svc-Authorization") });
    expect(auth?.fix).toContain('CGIPassAuth On');
    expect(auth?.fix).toContain('RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]');
    expect(await svc(['api', 'list', '--json'], { env })).toMatchObject({ code: 0 });
  });

  it('with the fallback turned off by the site: svc login fails with the fix, not a bare 401, and doctor says ✖', async () => {
    await site.php("update_option( 'svc_doctor_no_fallback', 1 );");
    try {
      const result = await login();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('CGIPassAuth On');
      const { code, auth } = await doctor();
      expect(code).toBe(1);
      expect(auth).toMatchObject({ status: 'fail', reason: expect.stringContaining('neither Authorization nor X-Svc-Authorization'), fix: expect.stringContaining('CGIPassAuth On') });
    } finally {
      await site.php("delete_option( 'svc_doctor_no_fallback' );");
    }
  });

  it('the fix svc prints works: CGIPassAuth On in .htaccess, and Authorization reaches PHP (doctor ✔, login ✔)', async () => {
    const before = readFileSync(htaccess(), 'utf8');
    writeFileSync(htaccess(), `CGIPassAuth On\n${before}`);
    await site.php("update_option( 'svc_doctor_no_fallback', 1 );");
    try {
      const { code, auth } = await doctor();
      expect(code).toBe(0);
      expect(auth?.status).toBe('ok');
      expect(await login()).toMatchObject({ code: 0 });
    } finally {
      await site.php("delete_option( 'svc_doctor_no_fallback' );");
      writeFileSync(htaccess(), before);
    }
  });
});
