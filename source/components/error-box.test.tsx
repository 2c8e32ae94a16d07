import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { ErrorBox } from './error-box.js';

describe('ErrorBox', () => {
	it('shows the message alone', () => {
		expect(render(<ErrorBox message="Cannot reach https://example.com." />).lastFrame()).toBe(
			'✖ Error: Cannot reach https://example.com.',
		);
	});

	it('shows the hint that names the fix', () => {
		const output = render(<ErrorBox message="Wrong credentials (401)." hint='Run "svc login" again.' />).lastFrame();
		expect(output?.split('\n')).toEqual(['✖ Error: Wrong credentials (401).', '→ Run "svc login" again.']);
	});

	it('lists each file with its own reason', () => {
		const output = render(
			<ErrorBox
				message="The site rejected the push; nothing was written."
				items={[
					{ label: 'api/broken.php', message: 'PHP Parse error: syntax error, unexpected token "}" on line 9' },
					{ label: 'api/two.php', message: 'declares 2 classes' },
				]}
			/>,
		).lastFrame();
		expect(output?.split('\n')).toEqual([
			'✖ Error: The site rejected the push; nothing was written.',
			'  api/broken.php: PHP Parse error: syntax error, unexpected token "}" on line 9',
			'  api/two.php: declares 2 classes',
		]);
	});
});
