import { describe, expect, it, jest } from '@jest/globals';
import { render } from 'ink-testing-library';
import { fileDiff, type FileDiff } from '../core/file-diff.js';
import { PushConfirm } from './push-confirm.js';
import { KEYS, settle } from '../../test/support/ink-input.js';

const DIFFS = [fileDiff('ping', 'a\nb\n', 'a\nc\n'), fileDiff('hello', undefined, 'x\n')].filter((diff): diff is FileDiff => diff !== undefined);

function setup(diffs: readonly FileDiff[] = DIFFS) {
	const onSubmit = jest.fn<(yes: boolean) => void>();
	const view = render(<PushConfirm message="Push 2 files?" defaultYes={false} diffs={diffs} apiLabel="api" onSubmit={onSubmit} />);
	return { ...view, onSubmit };
}

describe('PushConfirm', () => {
	it('offers the diff key next to the question', () => {
		expect(setup().lastFrame()).toBe('? Push 2 files? (y/N) · d: show the diff');
	});

	it('d prints the diff of the files being pushed above the question, which stays open', async () => {
		const { stdin, frames, lastFrame, onSubmit } = setup();
		await settle();
		stdin.write('d');
		await settle();
		const output = frames.join('\n');
		expect(output).toContain('--- site/ping.php\n+++ api/ping.php\n@@ -1,2 +1,2 @@\n a\n-b\n+c');
		expect(output).toContain('--- /dev/null\n+++ api/hello.php\n@@ -0,0 +1 @@\n+x');
		expect(lastFrame()).toContain('? Push 2 files? (y/N)');
		expect(lastFrame()).not.toContain('d: show the diff');
		expect(onSubmit).not.toHaveBeenCalled();
		stdin.write(KEYS.enter);
		await settle();
		expect(onSubmit).toHaveBeenCalledWith(false);
	});

	it('without diffs there is no key to offer', () => {
		expect(setup([]).lastFrame()).toBe('? Push 2 files? (y/N)');
	});
});
