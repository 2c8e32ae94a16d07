/**
 * Which of two targets goes first in each round of an interleaved measurement (measure.ts's
 * interleaved(), which early-probes.ts uses too): blocks of four rounds, A B A B B A B A or
 * B A B A A B A B, the block tossed from a fixed seed. Not A B, B A… in turn.
 *
 * php-fpm's children wait in accept() in a queue and take connections in turn. With 4 children,
 * A B B A A B B A… sent every request of one target to the same two children and every request of
 * the other to the other two (seen: 110 requests each, no exceptions), so whatever told those
 * children apart (where their memory lies, which core they ran on) went into the ratio, and
 * differently in every run. Each block gives both targets each of 4 (or 2) children's turns once
 * and goes first twice; the toss spreads them over other numbers of children too.
 */
export function firstInEachRound(rounds: number, seed = 0x5eed): boolean[] {
  const random = mulberry32(seed);
  const firsts: boolean[] = [];
  while (firsts.length < rounds) {
    const a = random() < 0.5;
    firsts.push(a, a, !a, !a);
  }
  return firsts.slice(0, rounds);
}

/** A small seeded generator (mulberry32): the same order in every run, so runs differ by the machine only. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
