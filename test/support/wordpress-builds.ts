/** Moved to source/local-site/ (shipped with the CLI for `svc dev`); re-exported for the tests and scripts. */
import './wordpress-archives.js';

export * from '../../source/local-site/wordpress-builds.js';
