/**
 * What svc login shows in a terminal: the form, the question about the password file, the closing
 * line. Apart from index.ts so that the command module needs no JSX runtime: React loads with
 * these, only when the form is needed or the login is done.
 */
import type { StoredIn } from '../../core/credentials.js';
import type { LoginValues } from '../../components/login-form.js';
import type { Io } from '../shared/io.js';
import { ask, LoginForm, Newline, print, Text } from '../shared/views.js';

export { askConfirm } from '../shared/views.js';

export function askLogin(io: Io, initial: Partial<LoginValues>, message?: string): Promise<LoginValues | undefined> {
	return ask<LoginValues | undefined>(io, (done) => <LoginForm initial={initial} message={message} onSubmit={done} onCancel={() => done(undefined)} />);
}

export interface LoggedIn {
	readonly url: string;
	readonly user: string;
	/** The saved site's name. */
	readonly name: string;
	readonly isDefault: boolean;
	readonly stored: StoredIn;
}

export function printLoggedIn(io: Io, { url, user, name, isDefault, stored }: LoggedIn): void {
	print(
		io.stdout,
		<Text>
			<Text color="green">✔</Text> Logged in to {url} as {user}. Saved as site "{name}"
			{isDefault ? ' (the default)' : `; use it with --site ${name}`}.
			<Newline />
			{'  '}
			{stored.where === 'keychain' ? 'The application password is in the OS keychain.' : `The application password is in ${stored.path} (readable only by you).`}
		</Text>,
	);
}
