// ESLint 9 flat config (issue 28). Formatting is Prettier's job (.prettierrc, `npm run format`):
// eslint-config-prettier comes last so that no rule here argues with it. Everything is at error
// level, since `npm run lint` is a stage of `npm test`.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'dist/',
    '.astro/',
    'data/',
    'bench/.tmp/',
    '.cache/',
    'test-results/',
    'playwright-report/',
    'drizzle/',
    'deploy/',
  ]),
  comments.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    // A rule switched off in place says why (`-- reason`).
    rules: { '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }] },
    languageOptions: { globals: { ...globals.node } },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  {
    // Islands, stores and the <script> blocks of pages run in the browser; the rest of src/ on the server.
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  // The Astro plugin's a11y config registers the 'jsx-a11y' plugin for every file (its rules run on
  // .astro templates as 'astro/jsx-a11y/*'); the islands get the same plugin's own recommended rules.
  astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    rules: {
      // The README's import rule: '@/' is src/, '~/' the repository root (tests/helpers, bench/lib),
      // neighbours stay relative, nothing climbs two folders; src/ is reached one way only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./',
              message:
                "Import through a tsconfig alias ('@/lib/money', '~/tests/helpers/db'), not by climbing '../../'.",
            },
            { regex: '^~/src/', message: "src/ is '@/' ('@/lib/money', not '~/src/lib/money')." },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Benchmarks and end-to-end tests hand functions to the browser (page.evaluate, addInitScript).
    files: ['bench/**', 'tests/e2e/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Plain Node runs these (the production server, the benchmarks): it knows no tsconfig alias.
    files: ['scripts/**/*.{js,mjs}', 'bench/**/*.{js,mjs}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests and benchmarks read JSON bodies loosely; the shapes are checked by the assertions.
    files: ['tests/**', 'bench/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The shop strips control characters on purpose (redirect targets, SVG, mail headers, HTML,
    // media keys), so a control character in a regular expression here is never a typo.
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,astro,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
]);
