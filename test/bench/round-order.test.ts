import { describe, expect, it } from '@jest/globals';
import { firstInEachRound } from '../../scripts/bench/round-order.js';

/** Where each target's requests land when `workers` children take the requests in turn. */
function spread(firsts: readonly boolean[], workers: number): [number[], number[]] {
  const landed: [number[], number[]] = [Array(workers).fill(0), Array(workers).fill(0)];
  let position = 0;
  for (const aFirst of firsts) {
    for (const target of aFirst ? ([0, 1] as const) : ([1, 0] as const)) {
      const counts = landed[target];
      counts[position % workers] = (counts[position % workers] ?? 0) + 1;
      position++;
    }
  }
  return landed;
}

describe('the order of two targets in interleaved rounds', () => {
  it('is the same in every run', () => {
    expect(firstInEachRound(320)).toEqual(firstInEachRound(320));
    expect(firstInEachRound(320, 7)).not.toEqual(firstInEachRound(320));
  });

  it('sends each target to every one of 2 to 6 children taking requests in turn, about alike', () => {
    const firsts = firstInEachRound(320);
    for (let workers = 2; workers <= 6; workers++) {
      for (const counts of spread(firsts, workers)) {
        for (const count of counts) expect(Math.abs(count - 320 / workers) / (320 / workers)).toBeLessThan(0.3);
      }
    }
  });

  it('gives each target exactly a quarter of the turns of 4 children, and half of 2', () => {
    const firsts = firstInEachRound(320);
    expect(spread(firsts, 4)).toEqual([
      [80, 80, 80, 80],
      [80, 80, 80, 80],
    ]);
    expect(spread(firsts, 2)).toEqual([
      [160, 160],
      [160, 160],
    ]);
    expect(firsts.filter(Boolean)).toHaveLength(160);
  });

  it('unlike taking turns, which gave each target only two of four children', () => {
    const alternating = Array.from({ length: 320 }, (_, round) => round % 2 === 0);
    expect(spread(alternating, 4)[0].filter((count) => count > 0)).toHaveLength(2);
  });
});
