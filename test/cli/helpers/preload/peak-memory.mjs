/**
 * Loaded into a run of the packed svc (NODE_OPTIONS=--import): when the process exits, writes
 * its peak resident memory in bytes (the kernel's, getrusage ru_maxrss) to $SVC_TEST_PEAK_FILE.
 */
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  writeFileSync(process.env.SVC_TEST_PEAK_FILE, String(process.resourceUsage().maxRSS * 1024));
});
