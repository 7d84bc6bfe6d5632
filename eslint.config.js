const tseslint = require('typescript-eslint');
const boundaries = require('./tools/eslint-boundaries');

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { carebook: boundaries },
    rules: {
      'carebook/boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The part of the shared package the API imports: no browser globals.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/react/**', 'shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
);
