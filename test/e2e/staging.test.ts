/**
 * The stage cap (docs/management-api.md, "POST api-blobs"): pushing never locks itself out, since
 * the contents of pruned releases go at once, while staged contents no push commits are still
 * capped, in bytes and in rows.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { paddedTo, publicGet, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, sleep, startSite, type JsonResponse, type WordPressSite } from './helpers/site.js';
import { sha256 } from './helpers/tree.js';

jest.setTimeout(600_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

const blob = (content: string | Buffer) => ({ hash: sha256(content), content_base64: Buffer.from(content).toString('base64') });

function stage(contents: Array<string | Buffer>): Promise<JsonResponse> {
  return call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: contents.map(blob) } });
}

function commit(json: Record<string, unknown>): Promise<JsonResponse> {
  return call(site, '/svc/v1/api-releases', { method: 'POST', json });
}

/** A push as the CLI makes it: status, the new content staged, the file committed by hash against the active release. */
async function pushLikeTheCli(slug: string, source: string): Promise<{ staged: JsonResponse; committed: JsonResponse }> {
  const base = (await call(site, '/svc/v1/status')).body.release?.id as number | undefined;
  const staged = await stage([source]);
  const committed = await commit({ files: { [slug]: sha256(source) }, prune: false, remove: [], dry_run: false, ...(base === undefined ? {} : { base }) });
  return { staged, committed };
}

/** Lets every staged content expire, and a write remove them, so the next test starts with an empty stage. */
async function emptyTheStage(): Promise<void> {
  await site.php("update_option('svc_e2e_stage_ttl', 1);");
  try {
    await sleep(2_100);
    await pushOk(site, { 'stage-sweeper': publicGet(uniqueClass('Sweeper'), `sweep ${Date.now()}`) });
  } finally {
    await site.php("delete_option('svc_e2e_stage_ttl');");
  }
}

describe('a staging answer asks the push to pause', () => {
  afterAll(async () => {
    await emptyTheStage();
  });

  it('as long as the site spent storing the contents, within 0 to 2 s, whatever svc_staging_pause_ms returns', async () => {
    const staged = await stage([`pause ${Date.now()}`]);
    expect(staged.status).toBe(200);
    expect(Number.isInteger(staged.body.pause_ms)).toBe(true);
    expect(staged.body.pause_ms).toBeGreaterThanOrEqual(0);
    expect(staged.body.pause_ms).toBeLessThanOrEqual(2000);
    try {
      for (const [asked, answered] of [['0', 0], ['250', 250], ['9000', 2000], ['-3', 0], ['text', 0]] as const) {
        await site.php(`update_option( 'svc_e2e_staging_pause_ms', '${asked}' );`);
        const answer = await stage([`pause ${asked} ${Date.now()}`]);
        expect([asked, answer.status, answer.body.pause_ms]).toEqual([asked, 200, answered]);
      }
    } finally {
      await site.php("delete_option( 'svc_e2e_staging_pause_ms' );");
    }
  });
});

describe('pushing never locks itself out', () => {
  it('35 pushes in a row of a 400 KB route all succeed, and the last one is served', async () => {
    const className = uniqueClass('Busy');
    const failures: string[] = [];
    let last = '';
    for (let i = 1; i <= 35; i++) {
      last = paddedTo(publicGet(className, `save ${i}`), 400_000);
      const { staged, committed } = await pushLikeTheCli('busy', last);
      if (staged.status !== 200 || committed.status !== 200) {
        failures.push(`push ${i}: stage ${staged.status} ${staged.body?.code ?? ''}, commit ${committed.status} ${committed.body?.code ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await call(site, '/svc-api/v1/busy', { as: 'anonymous' })).body).toEqual({ route: 'save 35' });
    // Ten releases are kept, and any of them can still be made active again.
    const releases = (await call(site, '/svc/v1/api-releases')).body as Array<{ id: number }>;
    const oldest = releases[releases.length - 1]!;
    const rollback = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { to: oldest.id } });
    expect(rollback.status).toBe(200);
  });

  it('a content of a pruned release staged again by a push is stored again and committed', async () => {
    const className = uniqueClass('Again');
    const first = publicGet(className, 'first');
    expect((await pushLikeTheCli('again', first)).committed.status).toBe(200);
    for (let i = 0; i < 11; i++) {
      expect((await pushLikeTheCli('again', publicGet(className, `next ${i}`))).committed.status).toBe(200);
    }
    const { staged, committed } = await pushLikeTheCli('again', first);
    expect(staged.status).toBe(200);
    expect([...staged.body.stored, ...staged.body.present]).toEqual([sha256(first)]);
    expect(committed.status).toBe(200);
    expect((await call(site, '/svc-api/v1/again', { as: 'anonymous' })).body).toEqual({ route: 'first' });
  });

  it('a push in flight keeps what it staged while other pushes commit and prune the release that used it', async () => {
    const className = uniqueClass('InFlight');
    const shared = publicGet(className, 'shared');
    // Push B stages the content and has not committed yet…
    expect((await stage([shared])).status).toBe(200);
    // …while push A commits the same content, and eleven pushes after it prune A's release.
    expect((await pushLikeTheCli('in-flight', shared)).committed.status).toBe(200);
    for (let i = 0; i < 11; i++) {
      expect((await pushLikeTheCli('in-flight', publicGet(className, `later ${i}`))).committed.status).toBe(200);
    }
    // B's commit still finds it.
    const committed = await commit({ files: { 'in-flight': sha256(shared) } });
    expect(committed.status).toBe(200);
    expect((await call(site, '/svc-api/v1/in-flight', { as: 'anonymous' })).body).toEqual({ route: 'shared' });
  });
});

describe('the stage cap still stops a flood of staged contents', () => {
  afterAll(async () => {
    await emptyTheStage();
  });

  it('in rows: 45,000 tiny contents in five requests are refused past the row cap with 413 svc_stage_full, naming the limit', async () => {
    const answers: JsonResponse[] = [];
    for (let request = 0; request < 5; request++) {
      const tiny = Array.from({ length: 9_000 }, (_, i) => Buffer.from(`${request}:${i}`.padStart(8, '0')));
      answers.push(await stage(tiny));
    }
    expect(answers[0]!.status).toBe(200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expectError(answer, 413, 'svc_stage_full');
      expect(answer.body.data.limit).toBe('contents');
      expect(answer.body.message).toMatch(/10,000/);
    }
    // What was accepted stays under the cap: at most 10,000 rows.
    const accepted = answers.filter((answer) => answer.status === 200).reduce((sum, answer) => sum + answer.body.stored.length, 0);
    expect(accepted).toBeLessThanOrEqual(10_000);
    // Up to the cap exactly: still accepted.
    const topUp = Array.from({ length: 10_000 - accepted }, (_, i) => Buffer.from(`t:${i}`.padStart(8, '0')));
    expect((await stage(topUp)).status).toBe(200);
  });

  it('with the stage full, a push of new contents is refused, and succeeds again once staged contents expire', async () => {
    const source = publicGet(uniqueClass('Blocked'), 'blocked');
    expectError(await stage([source]), 413, 'svc_stage_full');
    await emptyTheStage();
    expect((await pushLikeTheCli('unblocked', source)).committed.status).toBe(200);
  });

  it('in bytes: staged contents no push commits fill the 8 MB cap and further staging is refused', async () => {
    const refused: JsonResponse[] = [];
    for (let i = 0; i < 20 && refused.length === 0; i++) {
      const answer = await stage([paddedTo(publicGet(uniqueClass('Flood'), `flood ${i}`), 500_000)]);
      if (answer.status !== 200) refused.push(answer);
    }
    expect(refused).toHaveLength(1);
    expectError(refused[0]!, 413, 'svc_stage_full');
    expect(refused[0]!.body.data.limit).toBe('bytes');
  });
});
