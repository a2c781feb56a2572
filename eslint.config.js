// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The pure core: no I/O, no environment, no clock (docs/architecture.md, house rule 1). Whole folders, and the
 * manifest folder but for its reading of files, its parse cache and its parsing thread.
 */
const pureFolders = [
  'src/model/**',
  'src/kinds/**',
  'src/plan/**',
  'src/policy/**',
  'src/adopt/**',
  'src/import/**',
  'src/render/**',
  'src/manifest/**',
];
const manifestShell = [
  'src/manifest/read-manifest-files.ts',
  'src/manifest/load-catalog.ts',
  'src/manifest/parse-cache.ts',
  'src/manifest/parse-in-parallel.ts',
  'src/manifest/parse-worker.ts',
  'src/manifest/schemas.ts',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.catalog/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: pureFolders,
    // Tests read their fixtures from files.
    ignores: [...manifestShell, 'src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:fs*',
                'node:http*',
                'node:child_process',
                'undici',
                'better-sqlite3',
                'simple-git',
              ],
              message: 'The pure core does no I/O.',
            },
            {
              group: [
                '**/cli/**',
                '**/action/**',
                '**/engine/**',
                '**/client/**',
                '**/apply/**',
                '**/server/**',
                '**/git/**',
              ],
              message: 'The pure core depends on nothing impure.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Pass configuration in.' },
        { object: 'Date', property: 'now', message: 'Pass the clock in.' },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/cli/**',
                '**/action/**',
                '**/engine/**',
                '**/render/**',
                '**/plan/**',
                '**/kinds/**',
                '**/policy/**',
                '**/adopt/**',
                '**/import/**',
                '**/apply/**',
                '**/client/**',
                '**/git/**',
                '**/manifest/**',
              ],
              message: 'The server depends on model and datahub only (docs/architecture.md, "Layers").',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers from the server; strict any-checks there add noise, not safety.
    files: ['test/**', 'src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        console: 'readonly',
        process: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  {
    // The web UI's one script runs in the browser.
    files: ['src/server/ui/assets/*.js'],
    languageOptions: {
      globals: {
        document: 'readonly',
        window: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        HTMLInputElement: 'readonly',
        HTMLUListElement: 'readonly',
        encodeURIComponent: 'readonly',
      },
    },
  },
);
