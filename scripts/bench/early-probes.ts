/**
 * The early-cache bench's requests (`npm run bench -- early`): one anonymous GET on a fresh
 * connection keeping X-Svc-Cache and the body, probes whose every answer is checked against the
 * state they claim, and measure.ts's interleaving of two of them.
 */
import http from 'node:http';

import { interleaved } from './measure.js';

/** What X-Svc-Cache must say: null for an answer svc's early cache does not know (the route by hand). */
export type CacheState = 'HIT' | 'MISS' | 'BYPASS' | null;

export interface Answer {
  ms: number;
  status: number;
  state: string | null;
  body: string;
}

/** One anonymous GET on a fresh connection, as measure.ts's timeRequest, keeping X-Svc-Cache and the body. */
export function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const header = response.headers['x-svc-cache'];
        const body = Buffer.concat(chunks).toString('utf8');
        if ((response.statusCode ?? 0) >= 300) reject(new Error(`HTTP ${response.statusCode} from ${url}: ${body.slice(0, 300)}`));
        else resolve({ ms, status: response.statusCode ?? 0, state: typeof header === 'string' ? header : null, body });
      });
    });
    request.on('error', reject);
  });
}

/** A measured side: a URL per request (a fresh query for misses), the X-Svc-Cache it must get, and what its body must contain. */
export interface Probe {
  name: string;
  next(): { url: string; contains?: string };
  expect: CacheState;
}

/** Times one request of a probe; throws when its X-Svc-Cache or body is not what the probe claims. */
export async function timeProbe(probe: Probe): Promise<number> {
  const { url, contains } = probe.next();
  const answer = await get(url);
  if (answer.state !== probe.expect) {
    throw new Error(`early-cache bench: ${probe.name} answered X-Svc-Cache: ${String(answer.state)}, not ${String(probe.expect)} (${url})`);
  }
  if (contains !== undefined && !answer.body.includes(contains)) throw new Error(`early-cache bench: ${probe.name} answered ${answer.body.slice(0, 200)} for ${url}`);
  return answer.ms;
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** measure.ts's interleaved() of two probes, every request checked (timeProbe). */
export function interleavedProbes(a: Probe, b: Probe, rounds: number, warmup = 20, gapMs = 5): Promise<[number, number]> {
  return interleaved(a, b, timeProbe, rounds, warmup, gapMs);
}

/** A probe asking one URL each time. */
export function fixed(name: string, url: string, expect: CacheState): Probe {
  return { name, next: () => ({ url }), expect };
}

let fresh = 0;
/** A probe asking a URL with a value of `q` never asked before. */
export function freshQuery(name: string, url: string, expect: CacheState): Probe {
  return {
    name,
    next: () => {
      const value = `${process.pid}-${Date.now().toString(36)}-${++fresh}`;
      return { url: `${url}?q=${value}`, contains: value };
    },
    expect,
  };
}

/** Requests until the URL is answered from the store (a node publishes its index, then a miss stores). */
export async function warm(url: string, tries = 5): Promise<void> {
  const states: (string | null)[] = [];
  for (let request = 0; request < tries; request++) {
    const { state } = await get(url);
    states.push(state);
    if (state === 'HIT') return;
  }
  throw new Error(`early-cache bench: ${url} never answered from the store (X-Svc-Cache: ${states.map(String).join(', ')})`);
}
