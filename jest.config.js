// One jest run for the whole tree. Slot rules are tested with explicit zones; the runner is UTC.
process.env.TZ = 'UTC';

const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
const moduleNameMapper = {
  '^@carebook/shared$': '<rootDir>/shared/src/index.ts',
  '^@carebook/shared/react$': '<rootDir>/shared/src/react/index.ts',
  '^@carebook/shared/apps$': '<rootDir>/shared/src/apps.ts',
  '\\.css$': 'identity-obj-proxy',
  '\\.(svg|png|jpe?g|webp)$': '<rootDir>/jest/file-stub.js',
};
const common = { rootDir: __dirname, transform, moduleNameMapper };
// scripts/ tests start the static server too (see the e2e project).
const staticServerTransform = {
  transform: { ...transform, '/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'CommonJS' } }] },
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/shared', '<rootDir>/host', '<rootDir>/remotes', '<rootDir>/admin'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/jest/setup-globals.js'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-dom.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      ...staticServerTransform,
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-e2e.ts'],
      // The static server's @fastify/static needs content-disposition, which ships ESM only.
      transform: { ...transform, '/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'CommonJS' } }] },
      transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
    },
  ],
};
