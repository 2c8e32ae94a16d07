import { describe, expect, it } from '@jest/globals';
import { devScreenLayout } from './dev-screen-layout.js';

describe('devScreenLayout', () => {
	it('shows everything that fits', () => {
		expect(devScreenLayout({ rows: 40, statusLines: 1, routes: 3, events: 2 })).toEqual({ routes: 3, events: 2 });
	});

	it('cuts the routes first, keeping a line for "… N more", the whole frame under the height', () => {
		const layout = devScreenLayout({ rows: 40, statusLines: 1, routes: 500, events: 9 });
		// header 1, status 1, routes title and gap 2, shown routes, "more" 1, events gap, title and 5.
		expect(1 + 1 + 2 + layout.routes + 1 + 2 + (layout.events ?? 0)).toBe(39);
	});

	it('drops the events in a very short terminal, and never shows a negative count', () => {
		expect(devScreenLayout({ rows: 8, statusLines: 2, routes: 500, events: 5 })).toEqual({ routes: 1, events: undefined });
		expect(devScreenLayout({ rows: 2, statusLines: 6, routes: 500, events: 5 }).routes).toBe(0);
	});
});
