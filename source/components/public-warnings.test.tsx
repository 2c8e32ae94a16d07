import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { PublicWarnings } from './public-warnings.js';

describe('PublicWarnings', () => {
	it('prints one warning per public route, with its path, file and open verbs', () => {
		const output = render(
			<PublicWarnings
				routes={[
					{ slug: 'hello', path: '/svc-api/v1/hello', verbs: ['GET'] },
					{ slug: 'users/[id]', path: '/svc-api/v1/users/[id]', verbs: ['GET', 'DELETE'] },
				]}
			/>,
		).lastFrame();
		// The second line is wider than the test terminal (100 columns) and wraps.
		const warnings = (output ?? '').replace(/\n(?!⚠)/g, ' ').split('\n');
		expect(warnings).toEqual([
			'⚠ [PUBLIC] /svc-api/v1/hello (hello.php): GET runs for anyone, without authentication.',
			'⚠ [PUBLIC] /svc-api/v1/users/[id] (users/[id].php): GET, DELETE run for anyone, without authentication.',
		]);
	});

	it('falls back to the slug and "it" when the path and verbs are unknown, and says "would" on a dry run', () => {
		const output = render(<PublicWarnings dryRun routes={[{ slug: 'hello', path: '', verbs: [] }]} />).lastFrame();
		expect(output).toBe('⚠ [PUBLIC] hello (hello.php): it would run for anyone, without authentication.');
	});

	it('renders nothing without public routes', () => {
		expect(render(<PublicWarnings routes={[]} />).lastFrame()).toBe('');
	});
});
