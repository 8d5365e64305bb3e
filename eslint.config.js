// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Sub-folders of a directory, or none when it does not exist yet. */
const foldersOf = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** The keys of the domain's WORKFLOW_STATUS, the names a local copy of a request status would take. */
const STATUS_NAMES = [
  'created',
  'submitted',
  'underReview',
  'approved',
  'rejected',
  'revisionsRequested',
  'fulfilled',
  'reviewMeeting',
  'deferred',
  'conditionallyApproved',
  'withdrawn',
  'approvedPendingTeam',
  'archived',
  'suspended',
];
const constantCase = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/* Module boundaries of DESIGN.md §3. */
const boundaries = [
  // The domain package imports nothing but zod and its own files.
  restrict(
    ['packages/domain/**/*.ts'],
    [
      {
        regex: '^(?!zod$|\\.{1,2}/)',
        message: 'packages/domain imports nothing from the apps or other libraries.',
      },
    ],
    ['**/*.test.ts'],
  ),
  // The web app never reaches into the server.
  restrict(
    ['apps/web/**/*.{ts,tsx}'],
    [
      {
        group: ['@rrp/server', '**/apps/server/**'],
        message: 'The web app talks to the server over HTTP only.',
      },
    ],
  ),
  // Routes never touch the database: they call their service.
  restrict(
    ['apps/server/src/modules/**/*.routes.ts'],
    [
      {
        regex: '(\\.repo$|/db/|^drizzle-orm|platform/db)',
        message: 'Routes never touch the database; call the module service.',
      },
    ],
  ),
  // Web features do not import each other.
  ...foldersOf('apps/web/src/features').map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          regex: `features/(?!${feature}/)[^/]+`,
          message: 'Web features do not import each other; move shared code to components/ or lib/.',
        },
        { regex: `^\\.\\./\\.\\./(?!\\.\\.)[^/]+/`, message: 'Import shared code through @/ paths.' },
      ],
    ),
  ),
  // Journeys take `test` from the support file that axe-checks every screen they reach.
  restrict(
    ['e2e/tests/**/*.ts'],
    [
      {
        group: ['@playwright/test'],
        message: 'Import test, expect and types from ../support/test (it checks every screen with axe).',
      },
    ],
  ),
  // Request statuses are named once, by the domain's WORKFLOW_STATUS: no local numbers for them.
  {
    files: ['apps/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `VariableDeclarator[id.name=/^(${STATUS_NAMES.map(constantCase).join('|')}|[A-Z_]*_STATUS)$/][init.raw=/^[0-9]+$/]`,
          message:
            "Name a status through the domain's constants (WORKFLOW_STATUS for a request's), not a local number.",
        },
        {
          selector: `ObjectExpression > Property[key.name=/^(${STATUS_NAMES.join('|')})$/][value.raw=/^[0-9]+$/]`,
          message:
            "Name a status through the domain's constants (WORKFLOW_STATUS for a request's), not a local number.",
        },
        {
          selector:
            "BinaryExpression[operator=/^[!=]==$/][left.property.name='statusId'][right.raw=/^[0-9]+$/]",
          message: "Compare a request's status with the domain's WORKFLOW_STATUS, not a number.",
        },
      ],
    },
  },
  // A server module reaches another module only through its service.
  ...foldersOf('apps/server/src/modules').map((area) =>
    restrict(
      [`apps/server/src/modules/${area}/**/*.ts`],
      [
        {
          regex: `^\\.\\./(?!\\.\\.)(?!${area}/)[^/]+/(?![^/]+\\.service$)`,
          message: 'Reach another module only through its service.',
        },
      ],
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.test-server-*/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      '**/*.{js,mjs}',
      'apps/server/src/cli.ts',
      'apps/server/src/db/generate/command.ts',
      'apps/server/bench/**',
      'e2e/scripts/**',
      '.ci/**',
      'scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
);
