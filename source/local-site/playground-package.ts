/** Which Playground CLI svc dev runs: a major version, so a breaking 4.x cannot change the flags under svc. */
export const PLAYGROUND_PACKAGE = '@wp-playground/cli@3';
