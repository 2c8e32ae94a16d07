/**
 * Judges the readers' answers of the under-deploys bench (scripts/bench/under-deploys.ts): which
 * failed, which were stale, and the latency and throughput figures. Pure: times are milliseconds on
 * one clock, given by the caller.
 */

/** One deploy (a push or a rollback) as the bench saw it: when its command started and ended, and the version it makes the site serve. */
export interface Deploy {
  startedMs: number;
  finishedMs: number;
  serves: number;
}

/** One reader's request: when it was sent and answered, and the version answered (undefined: failed). */
export interface Answer {
  sentMs: number;
  receivedMs: number;
  version: number | undefined;
}

/**
 * The versions a request may be answered with: the version of the last deploy that had finished
 * before the request was sent (`initial` if none had), or that of any deploy that started before the
 * answer came back (it may have landed meanwhile). Anything else is older than a finished deploy.
 */
export function allowedVersions(answer: Answer, deploys: readonly Deploy[], initial: number): Set<number> {
  const ordered = [...deploys].sort((a, b) => a.finishedMs - b.finishedMs);
  let current = initial;
  for (const deploy of ordered) if (deploy.finishedMs <= answer.sentMs) current = deploy.serves;
  const allowed = new Set([current]);
  for (const deploy of ordered) if (deploy.finishedMs > answer.sentMs && deploy.startedMs < answer.receivedMs) allowed.add(deploy.serves);
  return allowed;
}

export function isStale(answer: Answer, deploys: readonly Deploy[], initial: number): boolean {
  return answer.version !== undefined && !allowedVersions(answer, deploys, initial).has(answer.version);
}

/** The nearest-rank percentile (p in 0..100) of values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export interface PhaseFigures {
  answers: number;
  failed: number;
  stale: number;
  p99Ms: number;
  /** Answers (failed ones included) per second of the phase. */
  perSecond: number;
}

export function phaseFigures(answers: readonly Answer[], deploys: readonly Deploy[], initial: number, seconds: number): PhaseFigures {
  const answered = answers.filter((answer) => answer.version !== undefined);
  return {
    answers: answers.length,
    failed: answers.length - answered.length,
    stale: answered.filter((answer) => isStale(answer, deploys, initial)).length,
    p99Ms: percentile(
      answered.map((answer) => answer.receivedMs - answer.sentMs),
      99,
    ),
    perSecond: answers.length / seconds,
  };
}
