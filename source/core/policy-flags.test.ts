import { describe, expect, it } from '@jest/globals';
import { parseCacheFlag, parseRateLimitFlag, parseScheduleFlag } from './policy-flags.js';

describe('--cache', () => {
	it.each([
		['300', 300],
		['0', 0],
		['31536000', 31536000],
	])('%s', (text, value) => {
		expect(parseCacheFlag(text)).toEqual({ ok: true, value });
	});
	it.each(['-1', '31536001', '5m', '0x10', '1_000', '1e3', '', ' 300', '030'])('refuses %j, naming the range and an example', (text) => {
		expect(parseCacheFlag(text)).toEqual({ ok: false, message: `--cache ${JSON.stringify(text)} is not a max-age in seconds from 0 to 31536000, e.g. --cache 300` });
	});
});

describe('--rate-limit', () => {
	it.each([
		['60/60', { requests: 60, per: 60 }],
		['1/1', { requests: 1, per: 1 }],
		['1000000/86400', { requests: 1000000, per: 86400 }],
	])('%s', (text, value) => {
		expect(parseRateLimitFlag(text)).toEqual({ ok: true, value });
	});
	it.each(['60', '60/', '/60', '0/60', '60/0', '60/86401', '1000001/60', '60/60/60', '60 / 60', '60/1m', 'a/b'])('refuses %j', (text) => {
		expect(parseRateLimitFlag(text)).toEqual({
			ok: false,
			message: `--rate-limit ${JSON.stringify(text)} is not requests/seconds (1 to 1000000 requests per 1 to 86400 seconds), e.g. --rate-limit 60/60`,
		});
	});
});

describe('--schedule', () => {
	it.each([
		['hourly', { recurrence: 'hourly' }],
		['twicedaily', { recurrence: 'twicedaily' }],
		['daily', { recurrence: 'daily' }],
		['weekly', { recurrence: 'weekly' }],
		['every:300', { every: 300 }],
		['every:60', { every: 60 }],
	])('%s', (text, value) => {
		expect(parseScheduleFlag(text)).toEqual({ ok: true, value });
	});
	it.each(['Hourly', 'minutely', 'every', '300', ''])('refuses %j, listing what it takes', (text) => {
		expect(parseScheduleFlag(text)).toEqual({
			ok: false,
			message: `--schedule ${JSON.stringify(text)} is not hourly, twicedaily, daily, weekly or every:SECONDS, e.g. --schedule hourly or --schedule every:300`,
		});
	});
	it.each(['every:59', 'every:', 'every:5m', 'every:31536001'])('refuses %j, naming the range of every:', (text) => {
		expect(parseScheduleFlag(text)).toEqual({ ok: false, message: `--schedule ${JSON.stringify(text)}: every: takes whole seconds from 60 to 31536000, e.g. --schedule every:300` });
	});
});
