/** Two tiers (GUIDE §6): pure unit tests, and integration tests against the real services. */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const ignored = ['/node_modules/', '/dist/', '/e2e/'];
/** SHOP_CLOCK, when set, moves every test process's clock with the shops' (infra/scripts/test-dates.sh) */
const shopClock = ['<rootDir>/services/test/support/shop-clock.setup.ts'];

/** The SPA's DOM tests (`*.dom.test.tsx`): jsdom, and react-intl's ES modules compiled for jest. */
const webTransform = {
  ...transform,
  '^.+\\.m?js$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
const webProject = {
  displayName: 'web',
  testEnvironment: '<rootDir>/web/test/support/jsdom-environment.js',
  setupFiles: shopClock,
  setupFilesAfterEnv: ['<rootDir>/web/test/support/dom-setup.ts'],
  transform: webTransform,
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat)/)'],
  moduleNameMapper: { '^(.*/)build-env$': '$1build-env.jest' },
  testMatch: ['<rootDir>/web/src/**/*.dom.test.ts', '<rootDir>/web/src/**/*.dom.test.tsx'],
  testPathIgnorePatterns: ignored,
};
/** Browser tests: playwright-core driving Debian's chromium against a built web/dist. */
const e2eProject = {
  displayName: 'e2e',
  testEnvironment: 'node',
  setupFiles: shopClock,
  transform,
  testMatch: ['<rootDir>/web/e2e/**/*.e2e.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** Shop nodes in network namespaces behind HAProxy (infra/cluster/cluster.sh); one suite at a time. */
const clusterProject = {
  displayName: 'cluster',
  testEnvironment: 'node',
  setupFiles: shopClock,
  transform,
  testMatch: ['<rootDir>/infra/cluster/**/*.cluster.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // a per-project testTimeout is ignored by jest: this one applies to every tier
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      setupFiles: shopClock,
      transform,
      testMatch: ['<rootDir>/**/*.unit.test.ts', '<rootDir>/**/*.unit.test.tsx'],
      testPathIgnorePatterns: ignored,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      setupFiles: shopClock,
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ignored,
      // ES-module packages (oidc-provider, Auth.js, file-type and its readers), compiled for jest's require
      transform: { '^.+\\.m?js$': webTransform['^.+\\.m?js$'], ...transform },
      transformIgnorePatterns: [
        '/node_modules/(?!(oidc-provider|@auth|oauth4webapi|jose|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
      ],
      globalSetup: '<rootDir>/infra/test/support/global-setup.ts',
    },
    webProject,
    e2eProject,
    clusterProject,
  ],
};
