/** Jest runs TypeScript as native ESM through ts-jest (run with --experimental-vm-modules). */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/source', '<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // A handle a test leaves open (a timer, a socket) must not hang npm test after every result is in;
  // `npm run test:jest -- --detectOpenHandles` names it.
  forceExit: true,
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: { ignoreCodes: [151002] } }],
  },
};
