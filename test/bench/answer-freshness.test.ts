import { describe, expect, it } from '@jest/globals';
import { allowedVersions, isStale, percentile, phaseFigures, type Answer, type Deploy } from '../../scripts/bench/answer-freshness.js';

// Push 1 (100..200 ms), push 2 (300..400), then a rollback to 1 (500..600).
const deploys: Deploy[] = [
  { startedMs: 100, finishedMs: 200, serves: 1 },
  { startedMs: 300, finishedMs: 400, serves: 2 },
  { startedMs: 500, finishedMs: 600, serves: 1 },
];
const answer = (sentMs: number, receivedMs: number, version: number | undefined): Answer => ({ sentMs, receivedMs, version });

describe('answer freshness', () => {
  it('allows only the release in place before any deploy started', () => {
    expect([...allowedVersions(answer(10, 50, 0), deploys, 0)]).toEqual([0]);
    expect(isStale(answer(10, 50, 0), deploys, 0)).toBe(false);
  });

  it('allows the old and the new release while a deploy runs across the request', () => {
    expect([...allowedVersions(answer(150, 180, 0), deploys, 0)].sort()).toEqual([0, 1]);
  });

  it('counts an answer older than a deploy finished before the request was sent as stale', () => {
    expect(isStale(answer(250, 260, 0), deploys, 0)).toBe(true);
    expect(isStale(answer(250, 260, 1), deploys, 0)).toBe(false);
  });

  it('takes a rollback as a deploy: after it finished, the newer release is stale', () => {
    expect(isStale(answer(650, 660, 2), deploys, 0)).toBe(true);
    expect(isStale(answer(650, 660, 1), deploys, 0)).toBe(false);
    expect(isStale(answer(450, 550, 1), deploys, 0)).toBe(false);
  });

  it('does not count a failed request as stale', () => {
    expect(isStale(answer(650, 660, undefined), deploys, 0)).toBe(false);
  });

  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });

  it('sums a phase: failed, stale, p99 of the answered, answers per second', () => {
    const figures = phaseFigures([answer(10, 20, 0), answer(250, 290, 0), answer(650, 651, undefined), answer(700, 705, 1)], deploys, 0, 2);
    expect(figures).toEqual({ answers: 4, failed: 1, stale: 1, p99Ms: 40, perSecond: 2 });
  });
});
