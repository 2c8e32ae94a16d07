/**
 * The transport on its own, against the WordPress stand-in: what the site client never asks of it
 * today, but a new call could. (The caps, redirects and broken answers are tested through the
 * client, in site-client.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { SvcError } from './errors.js';
import { createTransport } from './site-transport.js';
import { FakeSite } from '../../test/fakes/fake-site.js';

const site = new FakeSite();

beforeAll(async () => {
	await site.start();
	site.reset();
});

afterAll(async () => {
	await site.stop();
});

it('sends a POST without a body at once, instead of waiting for one to be written', async () => {
	site.handler = (request) => ({ json: { method: request.method, bytes: request.bytes } });
	const send = createTransport({ siteUrl: site.url, timeoutMs: 2000, userAgent: 'test', fail: (message, details) => new SvcError(message, details) });
	const answer = await send(new URL(`${site.url}/wp-json/svc/v1/anything`), { method: 'POST', where: 'POST anything', cap: { bytes: 1024 } });
	expect(answer).toMatchObject({ status: 200, body: JSON.stringify({ method: 'POST', bytes: 0 }) });
});
