/**
 * Latency measurement for the benchmarks: requests to several targets interleaved (A, B, A, B…) so
 * that machine noise hits every target alike, and the ratio of medians is what is reported.
 */
import http from 'node:http';

import { firstInEachRound } from './round-order.js';

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/** One GET, fresh connection (php -S closes them anyway); resolves to milliseconds, rejects on non-2xx. */
export function timeRequest(target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(target.url, { headers: target.headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if ((response.statusCode ?? 0) >= 300) reject(new Error(`${target.name}: HTTP ${response.statusCode} from ${target.url}`));
        else resolve(ms);
      });
    });
    request.on('error', reject);
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Medians of two targets over `rounds` interleaved rounds (A B or B A, which first tossed: round-order.ts), after `warmup` untimed
 * rounds. A short gap between requests lets the server finish the previous request's shutdown
 * work, which would otherwise be billed to whichever target comes next. `time` makes one request
 * of a target and resolves to its milliseconds (timeRequest here; early-probes.ts checks each answer too).
 */
export async function interleaved<T>(a: T, b: T, time: (target: T) => Promise<number>, rounds: number, warmup = 20, gapMs = 5): Promise<[number, number]> {
  const samples: [number[], number[]] = [[], []];
  const firsts = firstInEachRound(warmup + rounds);
  for (let round = 0; round < warmup + rounds; round++) {
    const order: [T, 0 | 1][] = firsts[round] ? [[a, 0], [b, 1]] : [[b, 1], [a, 0]];
    for (const [target, slot] of order) {
      await pause(gapMs);
      const ms = await time(target);
      if (round >= warmup) samples[slot].push(ms);
    }
  }
  return [median(samples[0]), median(samples[1])];
}

/** interleaved() of two URLs, each request timed by timeRequest(). */
export function interleavedPair(a: Target, b: Target, rounds: number, warmup = 20, gapMs = 5): Promise<[number, number]> {
  return interleaved(a, b, timeRequest, rounds, warmup, gapMs);
}
