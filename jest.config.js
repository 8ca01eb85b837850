/** Two tiers (GUIDE §6): pure unit tests, and integration tests against the real services. */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ],
};
const ignored = ['/node_modules/', '/dist/', '/e2e/'];

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/**/*.unit.test.ts', '<rootDir>/**/*.unit.test.tsx'],
      testPathIgnorePatterns: ignored,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ignored,
      globalSetup: '<rootDir>/infra/src/testing/global-setup.ts',
      testTimeout: 60000,
    },
  ],
};
