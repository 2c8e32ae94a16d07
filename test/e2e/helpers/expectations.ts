/**
 * Assertions shared by the end-to-end tests.
 */
import { expect } from '@jest/globals';

import { call, type JsonResponse, type WordPressSite } from './site.js';

/** Asserts the answer is WordPress's error shape with the given code and status. */
export function expectError(response: JsonResponse, status: number, code: string): void {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(typeof response.body.message).toBe('string');
  expect(response.body.data?.status).toBe(status);
}

/** Asserts that the rest of the REST API keeps working: a core route answers anonymously. */
export async function expectSiteHealthy(site: WordPressSite): Promise<void> {
  const core = await call(site, '/wp/v2/posts', { as: 'anonymous' });
  expect(core.status).toBe(200);
  expect(Array.isArray(core.body)).toBe(true);
}

