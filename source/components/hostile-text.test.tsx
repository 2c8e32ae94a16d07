/**
 * Every screen that shows a site's words, fed words that try to drive the terminal: a window
 * title, an OSC 52 clipboard write, a clear screen, a fake red line after a carriage return, a
 * disguised link, a C1 CSI and a bidi override. What reaches the terminal holds none of them raw,
 * only their visible escapes. Colours the screens set themselves are SGR codes and stay.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { fileDiff } from '../core/file-diff.js';
import { unsafeControls } from '../core/terminal-text.js';
import { release } from '../../test/fakes/releases.js';
import { DevScreen } from './dev-screen.js';
import { DiffView } from './diff-view.js';
import { PublicWarnings } from './public-warnings.js';
import { ReleaseTable } from './release-table.js';
import { RollbackPlan } from './rollback-plan.js';
import { RouteDetail } from './route-detail.js';
import { RouteTable } from './route-table.js';
import { SyncPlan } from './sync-plan.js';

const HOSTILE = [
	'\u001b]0;pwned\u0007',
	'\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007',
	'\u001b[2J\u001b[H',
	'ok\r\u001b[31mall routes deleted\u001b[0m',
	'\u001b]8;;https://evil.example\u001b\\docs\u001b]8;;\u001b\\',
	'\u009b31m',
	'evil\u202egnp.exe',
].join(' ');

/** Anything but the SGR colour codes a screen sets itself. */
function rawControls(frame: string): string[] {
	// eslint-disable-next-line no-control-regex -- the screen's own colours, set through props.
	return unsafeControls(frame.replace(/\u001b\[[0-9;]*m/g, ''));
}

const route = { slug: `evil${HOSTILE}`, path: `/svc-api/v1/evil${HOSTILE}`, methods: ['GET'], public: true, error: `boom ${HOSTILE}` };
const summary = { id: 3, created: HOSTILE, user: { id: 1, login: HOSTILE }, kind: HOSTILE, files: 1 };

const SCREENS: ReadonlyArray<[string, ReactElement]> = [
	['the route table', <RouteTable routes={[route]} site={HOSTILE} onQuit={() => undefined} height={20} />],
	['the route detail', <RouteDetail route={route} />],
	[
		'the route detail with schedules',
		<RouteDetail
			route={{
				...route,
				schedules: [{ method: HOSTILE, recurrence: HOSTILE, interval: 60, nextRun: HOSTILE, lastRun: { started: HOSTILE, finished: null, outcome: 'error', message: HOSTILE } }],
				rateLimits: { [HOSTILE]: { requests: 1, per: 1, shared: false } },
			}}
		/>,
	],
	['the release table', <ReleaseTable releases={[release(3, { kind: HOSTILE, user: { id: 1, login: HOSTILE }, created: HOSTILE, active: true, message: HOSTILE })]} site={HOSTILE} />],
	[
		'the dev screen',
		<DevScreen
			site={HOSTILE}
			apiLabel="api"
			busy={false}
			routes={[route]}
			events={[{ id: 1, time: HOSTILE, type: HOSTILE, slug: 'evil', message: `bad token ${HOSTILE}\nsecond line ${HOSTILE}`, user: null, data: {} }]}
			last={{ at: '10:00:00', result: { kind: 'failed', message: HOSTILE, problems: [HOSTILE] } }}
			onQuit={() => undefined}
		/>,
	],
	['the sync plan', <SyncPlan plan={{ added: [HOSTILE], changed: [HOSTILE], removed: [HOSTILE], unchanged: 0, kept: [HOSTILE] }} direction="push" site={HOSTILE} dir="api" />],
	['the rollback plan', <RollbackPlan site={HOSTILE} target={summary} active={{ ...summary, id: 4 }} plan={{ added: [HOSTILE], changed: [], removed: [HOSTILE] }} />],
	['the public warnings', <PublicWarnings routes={[{ slug: HOSTILE, path: HOSTILE, verbs: [HOSTILE] }]} />],
	['the diff', <DiffView diffs={[fileDiff(HOSTILE, `<?php\n// ${HOSTILE}\n`, '<?php\n')!]} apiLabel="api" />],
];

describe('screens show a site’s words, never obey them', () => {
	it.each(SCREENS)('%s', (_name, element) => {
		const frame = render(element).lastFrame() ?? '';
		expect(rawControls(frame)).toEqual([]);
		expect(frame).toContain('\\x1b]');
	});

	it('every component takes Text from components/text.tsx, the one door to the terminal', () => {
		const dir = path.dirname(fileURLToPath(import.meta.url));
		const roots = [dir, path.join(dir, '..', 'commands')];
		const offenders: string[] = [];
		const visit = (folder: string): void => {
			for (const entry of readdirSync(folder, { withFileTypes: true })) {
				const file = path.join(folder, entry.name);
				if (entry.isDirectory()) visit(file);
				else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.tsx') && entry.name !== 'text.tsx') {
					const imports = readFileSync(file, 'utf8').match(/(?:import|export)\s*\{[^}]*\}\s*from\s*'ink'/g) ?? [];
					if (imports.some((statement) => /\bText\b/.test(statement))) offenders.push(path.relative(dir, file));
				}
			}
		};
		roots.forEach(visit);
		expect(offenders).toEqual([]);
	});
});
