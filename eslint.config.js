const fs = require('node:fs');
const path = require('node:path');
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

/**
 * The cross-app boundaries as path zones, with our messages (the custom rule keeps the checks on
 * package names, which are not paths): a remote and the admin app reach only the shared package and
 * their own folder, the host no remote's code, the API no site code. Test support is the custom
 * rule's (test code may use `@carebook/testing`), so testing/react is no zone's source here.
 */
function crossAppZones() {
  const remotes = fs.readdirSync(path.join(__dirname, 'remotes'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const others = fs
    .readdirSync(__dirname, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !['node_modules', 'remotes', 'shared', 'testing'].includes(entry.name))
    .map((entry) => ({ from: `./${entry.name}`, area: entry.name }))
    .concat(['node', 'api', 'browser', 'jest'].map((kind) => ({ from: `./testing/${kind}`, area: `test-${kind}` })));
  const zone = (target, from, why) => ({ target, from, message: `Import boundary: ${why}.` });
  return [
    ...remotes.flatMap((remote) =>
      [...others, ...remotes.filter((other) => other !== remote).map((other) => ({ from: `./remotes/${other}`, area: `remote:${other}` }))].map(
        ({ from, area }) => zone(`./remotes/${remote}`, from, `a remote imports only the shared package and its own folder, not ${area}`),
      ),
    ),
    ...[...others.filter(({ area }) => area !== 'admin'), ...remotes.map((other) => ({ from: `./remotes/${other}`, area: `remote:${other}` }))].map(
      ({ from, area }) => zone('./admin', from, `the admin app imports only the shared package and its own folder, not ${area}`),
    ),
    zone('./host', './remotes', 'the host reaches remotes only through Module Federation'),
    zone('./api', ['./host', './remotes'], 'the API must not import site code'),
  ];
}

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
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: [...ROOMS, ...crossAppZones()] }],
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
    // No cycle between folders (tools/eslint-folder-cycles.js), everywhere.
    files: ['**/*.ts', '**/*.tsx'],
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
