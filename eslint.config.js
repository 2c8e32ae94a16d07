/**
 * ESLint for the CLI, its tests and scripts (npm test runs it; npx eslint for one file): the
 * recommended rules of ESLint and typescript-eslint (syntax only: type-aware rules would double the
 * run on CI's two cores, and tsc --noEmit already checks types), and the rules of hooks for the
 * Ink components. Formatting is not linted.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What Node scripts (.mjs) may use without importing; TypeScript files are checked by tsc. */
const NODE_GLOBALS = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'fetch', 'performance', 'structuredClone'].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'vendor/', 'plugin/', 'artifacts/', 'coverage/', 'examples/', 'source/local-site/php/', 'test/php/'] },
  { files: ['source/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', '*.js'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '*.js'],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    files: ['**/*.tsx', 'source/components/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests walk documents svc and WordPress answer with (OpenAPI, REST records): typing each as it
    // is read would restate the schemas the tests check anyway.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The commands' declarations and what derives from them load with the parser, in every run that
    // parses argv, before svc knows which command runs (source/commands/registry.ts): no package
    // (ink, react, got… cost milliseconds each; meow is read-argv.ts's alone; types are free), no
    // runner but through a declaration's lazy runner(), no screen or command runtime.
    // test/cli/start-up.test.ts checks what the built CLI loads in the end.
    files: ['source/commands/*/command.ts', 'source/commands/{registry,declaration,argv-checks,parse-argv,parse-argv-entry,read-argv-plain,help-texts,built-help}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|node:)',
              allowTypeImports: true,
              message: 'Command declarations load before svc knows which command runs: import no package (a type import is fine). Load it from the runner (index.ts).',
            },
            {
              regex: '(^|/)(index\\.js|shared/.*|components/.*)$',
              allowTypeImports: true,
              message: "Command declarations load before svc knows which command runs: import a runner only with runner()'s import(), and no screen or command runtime.",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      // A leading underscore names what is there on purpose and unused (`_rule`, `{ [name]: _removed, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
