import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { packages, serviceAreas, serviceGround, webAreas, webGround } from './dependency-rules.mjs';

/** Tests may reach whatever they exercise: their own imports are not checked. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.contract.ts'];

/**
 * Code that only tests run: each package's test/ folder, the browser tests, and the tests beside the
 * sources. Production code imports none of it: a planted import of test support fails the lint.
 */
const testElements = [
  { type: 'test-code', pattern: '*/test', partialMatch: false },
  { type: 'test-code', pattern: 'web/e2e', partialMatch: false },
];
const testFileCategories = testFiles.map((pattern) => ({ category: 'test-code', pattern }));

const packageType = (name) => `package/${name}`;
/** every workspace package's sources, as an element of whichever package imports it */
const packageElements = (except) =>
  Object.keys(packages)
    .filter((name) => name !== except)
    .map((name) => ({ type: packageType(name), pattern: `${name}/src`, partialMatch: false }));
/** the packages a package may import (dependency-rules.mjs) */
const allowedPackages = (name) => packages[name].map(packageType);

/** One area of a package may be entered by another only through its index.ts, its front door. */
const frontDoorOf = (type) => ({ element: { type, fileInternalPath: 'index.ts' } });
/** Any file of the area: its own files, and the ground every area stands on. */
const anyFileOf = (types) => ({ element: { types: { anyOf: types } } });

/**
 * One rule set per package: which packages it may import and, for a package with areas, which of its
 * areas may import which (dependency-rules.mjs). ESLint applies one `boundaries/dependencies` per file,
 * so the package's and the areas' rules must be one policy list, not two blocks of which the later one
 * wins.
 */
function packageRules({ name, files, resolverProject, areas = [], policies = [] }) {
  const ownPackage = { type: packageType(name), pattern: `${name}/src`, partialMatch: false };
  const ownTypes = areas.length ? areas.map((area) => area.type) : [packageType(name)];
  return {
    files,
    ignores: testFiles,
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: resolverProject } },
      'boundaries/elements': [
        ...areas,
        ...(areas.length ? [] : [ownPackage]),
        ...packageElements(name),
        ...testElements,
      ],
      'boundaries/files': testFileCategories,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.file.path}} may not import {{dependency.source}}: an area imports only the areas dependency-rules.mjs lists, each through its index.ts, a package only the packages it lists, and production code no test code (docs/ARCHITECTURE.md, "Dependencies")',
          // also judge imports within an area, of files that are no element, and of other packages by name
          checkInternals: true,
          checkUnknownLocals: true,
          checkAllOrigins: true,
          policies: [
            // node's modules and the npm dependencies: the package.json files decide those
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            ...(areas.length
              ? policies
              : [
                  {
                    from: { element: { type: packageType(name) } },
                    allow: { to: anyFileOf([packageType(name)]) },
                  },
                ]),
            // every part of the package may import the packages the package may import
            { from: anyFileOf(ownTypes), allow: { to: anyFileOf(allowedPackages(name)) } },
            // a workspace package named but not found (`@alpenpass/services` has no index): none it may not import
            {
              disallow: {
                to: {
                  module: {
                    origin: 'external',
                    source: Object.keys(packages)
                      .filter((other) => other !== name && !packages[name].includes(other))
                      .map((other) => `@alpenpass/${other}{,/**}`),
                  },
                },
              },
            },
            { disallow: { to: { file: { categories: 'test-code' } } } },
          ],
        },
      ],
    },
  };
}

const serviceType = (area) => `services/${area}`;
const serviceRules = packageRules({
  name: 'services',
  files: ['services/src/**/*.ts'],
  resolverProject: 'services/tsconfig.json',
  areas: [
    ...Object.keys(serviceAreas).map((area) => ({
      type: serviceType(area),
      pattern: `services/src/${area}`,
      partialMatch: false,
      stopMatching: true,
    })),
    // the composition root: the folders of serviceApp and the files beside the areas (main.ts, runtime.ts…)
    { type: serviceType('app'), pattern: 'services/src', partialMatch: false },
  ],
  policies: [
    {
      from: { element: { type: serviceType('app') } },
      allow: [
        { to: anyFileOf([serviceType('app'), ...serviceGround.map(serviceType)]) },
        ...Object.keys(serviceAreas).map((area) => ({ to: frontDoorOf(serviceType(area)) })),
      ],
    },
    ...Object.entries(serviceAreas).map(([area, allowed]) => ({
      from: { element: { type: serviceType(area) } },
      allow: [
        {
          to: anyFileOf([
            serviceType(area),
            ...allowed.filter((other) => serviceGround.includes(other)).map(serviceType),
          ]),
        },
        ...allowed
          .filter((other) => !serviceGround.includes(other))
          .map((other) => ({ to: frontDoorOf(serviceType(other)) })),
      ],
    })),
  ],
});

const webType = (area) => `web/${area}`;
const featureAreas = Object.keys(webAreas).filter((area) => area.startsWith('features/'));
const webRules = packageRules({
  name: 'web',
  files: ['web/src/**/*.{ts,tsx}'],
  resolverProject: 'web/tsconfig.json',
  areas: [
    ...Object.keys(webAreas).map((area) => ({
      type: webType(area),
      pattern: `web/src/${area}`,
      partialMatch: false,
      stopMatching: true,
    })),
    // the composition root: app/ and main.tsx, vite-env.d.ts, styles
    { type: webType('app'), pattern: 'web/src', partialMatch: false },
  ],
  policies: [
    {
      from: { element: { type: webType('app') } },
      allow: { to: anyFileOf(['app', ...Object.keys(webAreas)].map(webType)) },
    },
    ...Object.entries(webAreas).map(([area, allowed]) => ({
      from: { element: { type: webType(area) } },
      allow: {
        to: anyFileOf([
          webType(area),
          ...allowed.map(webType),
          ...(featureAreas.includes(area) ? webGround.map(webType) : []),
        ]),
      },
    })),
  ],
});

/** The packages without areas of their own: each imports only the packages it may. */
const otherPackageRules = Object.keys(packages)
  .filter((name) => name !== 'services' && name !== 'web')
  .map((name) => packageRules({ name, files: [`${name}/src/**/*.ts`], resolverProject: 'tsconfig.json' }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'web/dist/**',
      'web/dist-server/**',
      'coverage/**',
      '.tsbuild/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', process: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...otherPackageRules,
  serviceRules,
  webRules,
);
