/**
 * Waits for a condition, not for a time: a test on a busy machine waits as long as it must (up to
 * `ms`), and a quick one does not wait at all. Throws, naming what it waited for, when time is up.
 */
export async function until(condition: () => boolean, ms: number, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
