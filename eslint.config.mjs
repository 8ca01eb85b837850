import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { packages, serviceAreas, webAreas, webGround } from './dependency-rules.mjs';

const serviceType = (area) => `services/${area}`;
/** tests and their support may reach whatever they exercise */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.contract.ts'];

/** dependency-rules.mjs as boundaries' elements and policies: every area may import the areas it lists. */
const serviceBoundaries = {
  files: ['services/src/**/*.ts'],
  ignores: testFiles,
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'services/tsconfig.json' } },
    'boundaries/elements': [
      ...Object.keys(serviceAreas).map((area) => ({
        type: serviceType(area),
        pattern: `services/src/${area}`,
        partialMatch: false,
        stopMatching: true,
      })),
      // the composition root: the folders of serviceApp and the files beside the areas (main.ts, runtime.ts…)
      { type: serviceType('app'), pattern: 'services/src', partialMatch: false },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          {
            from: { element: { type: serviceType('app') } },
            allow: { to: { element: { types: { anyOf: ['services/*'] } } } },
          },
          ...Object.entries(serviceAreas).map(([area, allowed]) => ({
            from: { element: { type: serviceType(area) } },
            allow: {
              to: { element: { types: { anyOf: [serviceType(area), ...allowed.map(serviceType)] } } },
            },
          })),
        ],
      },
    ],
  },
};

const webType = (area) => `web/${area}`;
const featureAreas = Object.keys(webAreas).filter((area) => area.startsWith('features/'));

/** dependency-rules.mjs's SPA areas: a feature imports the ground and the features it lists, never the app. */
const webBoundaries = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: [...testFiles, '**/*.dom.test.tsx', '**/*.dom.test.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'web/tsconfig.json' } },
    'boundaries/elements': [
      ...Object.keys(webAreas).map((area) => ({
        type: webType(area),
        pattern: `web/src/${area}`,
        partialMatch: false,
        stopMatching: true,
      })),
      // the composition root: app/ and main.tsx, vite-env.d.ts, styles
      { type: webType('app'), pattern: 'web/src', partialMatch: false },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          {
            from: { element: { type: webType('app') } },
            allow: { to: { element: { types: { anyOf: ['app', ...Object.keys(webAreas)].map(webType) } } } },
          },
          ...Object.entries(webAreas).map(([area, allowed]) => ({
            from: { element: { type: webType(area) } },
            allow: {
              to: {
                element: {
                  types: {
                    anyOf: [
                      webType(area),
                      ...allowed.map(webType),
                      ...(featureAreas.includes(area) ? webGround.map(webType) : []),
                    ],
                  },
                },
              },
            },
          })),
        ],
      },
    ],
  },
};

/** Packages import only the packages dependency-rules.mjs lists, whatever their files are for. */
const packageBoundaries = {
  files: ['{contracts,infra,projections,workflows,services,web}/src/**/*.{ts,tsx}'],
  ignores: testFiles,
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'tsconfig.json' } },
    'boundaries/elements': Object.keys(packages).map((name) => ({
      type: `package/${name}`,
      pattern: `${name}/src`,
      partialMatch: false,
    })),
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: Object.entries(packages).map(([name, allowed]) => ({
          from: { element: { type: `package/${name}` } },
          allow: {
            to: { element: { types: { anyOf: [name, ...allowed].map((other) => `package/${other}`) } } },
          },
        })),
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'web/dist/**', 'coverage/**', '.tsbuild/**'] },
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
  packageBoundaries,
  serviceBoundaries,
  webBoundaries,
);
