const tseslint = require('typescript-eslint');
const importX = require('eslint-plugin-import-x');
const boundaries = require('./tools/eslint-boundaries');
const folderCycles = require('./tools/eslint-folder-cycles');

/**
 * Which room may import which, as paths (docs/architecture.md, "Boundaries"); checked by
 * eslint-plugin-import-x on resolved paths. The rules that need more than a path (test code, type-only
 * imports, package names, the singletons' facades) are tools/eslint-boundaries.js.
 */
const ROOMS = [
  {
    target: './servers',
    from: './scripts',
    message: 'a server never imports a developer command (scripts/); what both need lives in servers/.',
  },
  {
    target: './servers',
    from: ['./host/src', './remotes', './admin/src'],
    message: "a server runs the apps' builds, never their source (the host's server evaluates dist/server).",
  },
  {
    target: ['./host/src', './remotes', './admin/src', './shared', './api/src'],
    from: './servers',
    message: 'the apps and the API never import the servers that serve them.',
  },
];

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // No import cycle, between files or through a folder's index.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: ROOMS }],
    },
  },
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
    // No cycle between folders (tools/eslint-folder-cycles.js). Not yet in admin/src, api/src and
    // shared/src, whose folders still import each other both ways (a feature and the app root, the
    // API's layers, the contract and the types): those cycles are to be cut before the rule covers them.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['admin/src/**', 'api/src/**', 'shared/src/**'],
    plugins: { folders: folderCycles },
    rules: { 'folders/folder-cycles': 'error' },
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
