import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { PushProgress } from './push-progress.js';

const committing = { phase: 'committing', sent: 2048, total: 2048 } as const;

describe('PushProgress', () => {
	it('says what the site is doing once everything is sent', () => {
		const view = render(<PushProgress count="2 files" dryRun={false} progress={committing} />);
		const frame = view.lastFrame() ?? '';
		// Unmounted: the spinner's timer would otherwise outlive the test.
		view.unmount();
		expect(frame).toContain('Uploading');
		expect(frame).toContain('The site is checking 2 files and activating the release…');
	});

	it('turns a spinner while the site checks, and none once it answered', () => {
		const view = render(<PushProgress count="2 files" dryRun={false} progress={committing} />);
		expect(view.lastFrame()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] The site is checking 2 files/);
		view.rerender(<PushProgress count="2 files" dryRun={false} progress={{ phase: 'staging', sent: 10, total: 2048, request: 1, requests: 2 }} />);
		expect(view.lastFrame()).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
		view.rerender(<PushProgress count="2 files" dryRun={false} progress={committing} outcome={{ kind: 'failed', reason: 'The site refused the push.' }} />);
		expect(view.lastFrame()).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
	});

	it('a refused push ends its lines: no "Uploading" and no "checking…" left on screen', () => {
		const view = render(<PushProgress count="2 files" dryRun={false} progress={committing} />);
		view.rerender(<PushProgress count="2 files" dryRun={false} progress={committing} outcome={{ kind: 'failed', reason: 'The site refused the push.' }} />);
		const frame = view.lastFrame() ?? '';
		expect(frame).toContain('Stopped');
		expect(frame).toContain('The site refused the push.');
		expect(frame).not.toContain('Uploading');
		expect(frame).not.toContain('checking');
	});

	it('names the release a finished push activated', () => {
		const frame =
			render(
				<PushProgress
					count="1 file"
					dryRun={false}
					progress={committing}
					outcome={{ kind: 'done', result: { dryRun: false, release: { id: 7 } } as never }}
				/>,
			).lastFrame() ?? '';
		expect(frame).toContain('Uploaded');
		expect(frame).toContain('activated release 7');
	});
});
