/**
 * What profile-a.ts and profile-j.ts print per route: the medians of its phases and the Svc classes
 * its requests loaded.
 */

/** One profiled request as the profiles' mu-plugins log it: [uri, [mark, hrtime ns]…, Svc classes loaded]. */
export type ProfileLine = [string, [string, number][], string[]];

/** A route's phase medians in µs, one line each, then the classes the first of its requests loaded. */
export function phaseReport(name: string, lines: readonly ProfileLine[], medians: ReadonlyMap<string, number>): string[] {
  const classes = lines[0]?.[2] ?? [];
  return [
    `${name}: ${lines.length} requests, ${classes.length} Svc classes loaded, medians in µs`,
    ...[...medians].map(([key, value]) => `${value.toFixed(0).padStart(8)}  ${key}`),
    `  classes: ${classes.join(' ')}`,
  ];
}
