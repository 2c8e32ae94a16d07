/**
 * Temporary folders of the CLI tests, removed after the test file that made them (jest gives each
 * file its own copy of this module, so the hook below is that file's), so runs leave nothing in
 * the temp directory. Only for modules loaded by jest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll } from '@jest/globals';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new folder in the temp directory named `<prefix>XXXXXX`. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
