/**
 * The masked prompt of svc secrets set, apart from index.ts so that a piped value loads no React.
 */
import { SecretPrompt } from '../../components/secret-prompt.js';
import type { Io } from '../shared/io.js';
import { ask } from '../shared/views.js';

export function askSecret(io: Io, name: string, site: string): Promise<string | undefined> {
	return ask<string | undefined>(io, (done) => <SecretPrompt name={name} site={site} onSubmit={done} onCancel={() => done(undefined)} />);
}
