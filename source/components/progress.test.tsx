import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { Progress } from './progress.js';

describe('Progress', () => {
	it('draws a bar and a percentage for bytes', () => {
		const output = render(<Progress label="Uploading" done={512} total={2048} unit="bytes" width={8} />).lastFrame();
		expect(output).toBe('Uploading ██░░░░░░  25% 512 B / 2.0 KB');
	});

	it('counts files and stops at 100%', () => {
		const output = render(<Progress label="Writing" done={3} total={3} unit="files" width={4} />).lastFrame();
		expect(output).toBe('Writing ████ 100% 3 files / 3 files');
	});

	it('shows only the amount when the total is unknown', () => {
		expect(render(<Progress label="Uploading" done={3 * 1024 * 1024} unit="bytes" />).lastFrame()).toBe('Uploading 3.0 MB');
	});

	it('shows a detail line under the bar', () => {
		const output = render(
			<Progress label="Uploading" done={10} total={10} unit="files" width={2} detail="The site is checking 10 files…" />,
		).lastFrame();
		expect(output?.split('\n')).toEqual(['Uploading ██ 100% 10 files / 10 files', 'The site is checking 10 files…']);
	});

	it('updates when re-rendered with new numbers', () => {
		const view = render(<Progress label="Writing" done={0} total={2} unit="files" width={2} />);
		expect(view.lastFrame()).toContain('0%');
		view.rerender(<Progress label="Writing" done={1} total={2} unit="files" width={2} />);
		expect(view.lastFrame()).toBe('Writing █░  50% 1 file / 2 files');
	});
});
