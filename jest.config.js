// One jest run for the whole tree. Slot rules are tested with explicit zones; the runner is UTC.
process.env.TZ = 'UTC';

// Some dependencies ship ESM only (`cookie` behind app.inject, `content-disposition` behind
// @fastify/static). Jest loads them through Node's require(esm), which it supports from Node 24.9
// with the VM modules flag: the project's .npmrc passes that flag to npm scripts and npx, and the
// locked `node` devDependency is the Node they run on.
const vm = require('node:vm');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 9) || typeof vm.SyntheticModule !== 'function') {
  throw new Error(
    `jest needs Node 24.9+ started with --experimental-vm-modules (this is Node ${process.versions.node}): ` +
      'run it through npm (`npx jest <args>`, `npm test`) after `npm install`.',
  );
}

const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
const moduleNameMapper = {
  '^@carebook/shared$': '<rootDir>/shared/src/index.ts',
  '^@carebook/shared/react$': '<rootDir>/shared/src/react/index.ts',
  '^@carebook/shared/forms$': '<rootDir>/shared/src/react/forms/index.ts',
  '^@carebook/shared/form-events$': '<rootDir>/shared/src/react/forms/form-events.ts',
  // The router and toast facades, as webpack and TypeScript resolve them (shared/package.json).
  '^@carebook/shared/router$': '<rootDir>/shared/src/react/router.ts',
  '^@carebook/shared/toasts$': '<rootDir>/shared/src/react/toasts.tsx',
  '^@carebook/shared/web$': '<rootDir>/shared/src/react/web.ts',
  '^@carebook/shared/apps$': '<rootDir>/shared/src/apps.ts',
  '^@carebook/shared/contract$': '<rootDir>/shared/src/contract/index.ts',
  // Front-end test support (fixtures, renderWithApp); never part of a bundle.
  '^@carebook/testing$': '<rootDir>/testing/react/index.ts',
  '\\.css$': 'identity-obj-proxy',
  '\\.(svg|png|jpe?g|webp)$': '<rootDir>/testing/jest/file-stub.js',
};
const common = { rootDir: __dirname, transform, moduleNameMapper };

/** @type {import('jest').Config} */
module.exports = {
  // Told to stop, a worker that ran the API suites has no handle left and ends its JavaScript
  // within 2 ms, but its process ends 0.5-0.6 s later here (Node's own teardown): past jest's
  // 500 ms, jest would kill it and warn of a leak that is not there.
  workerGracefulExitTimeout: 5000,
  // A test's own time limit (files that start servers set longer ones): 15 s rather than jest's 5 s,
  // which a jsdom test typing into a form has overrun at a load of 12 on 2 cores. No test here
  // measures speed (benchmarks do).
  testTimeout: 15_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/shared', '<rootDir>/host', '<rootDir>/remotes', '<rootDir>/admin'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/'],
      setupFiles: ['<rootDir>/testing/jest/setup-globals.js'],
      setupFilesAfterEnv: ['<rootDir>/testing/jest/setup-dom.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api', '<rootDir>/servers', '<rootDir>/scripts', '<rootDir>/tools', '<rootDir>/testing/node', '<rootDir>/testing/api'],
      testMatch: ['**/*.test.ts', '<rootDir>/tools/**/*.test.js'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/testing/jest/setup-e2e.ts'],
    },
    {
      // The deployment on a Docker engine (`npm run test:deploy`, after `npm test` in CI): minutes long.
      ...common,
      displayName: 'deploy',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e/deploy'],
      testMatch: ['**/*.deploy.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/testing/jest/setup-e2e.ts'],
    },
  ],
};
