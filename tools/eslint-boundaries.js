// Import boundaries (docs/architecture.md, "Boundaries"), checked on resolved paths (so `../../..`
// tricks are caught too):
// by package name, a remote (and the admin app) imports no other app and the host no remote (the same boundaries on
// paths are import-x/no-restricted-paths zones in eslint.config.js); shared code outside shared/src/react has no React;
// the API never imports React. The front ends' test
// support (`@carebook/testing`, testing/) is for test code only: `*.test.ts(x)` files and `*.test-utils.ts(x)` helpers.
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REMOTES = require('../shared/src/apps.json').apps.filter((app) => app.kind === 'remote').map((app) => app.name);
const REACT_PACKAGES = /^(react|react-dom|react-router-dom|react-toastify)(\/|$)/;
const TESTING = '@carebook/testing';
const TEST_CODE = /\.test(-utils)?\.tsx?$/;
const FRONT_ENDS = /^(host|admin|remote:)/;
// The router and the toasts are one instance per page, provided under our own names; the
// library names would bypass them (and resolve to different code in webpack and in jest).
const FACADED_LIBRARIES = /^(react-router-dom|react-router|react-toastify)(\/|$)/;
// The host's server renderer takes StaticRouter from the library behind the facade: the browser
// never loads that file, and in its server build both names are one bundled module.
const FACADES = new Set(['shared/src/react/router.ts', 'shared/src/react/toasts.tsx', 'host/src/server/render.tsx']);
// The modules behind the singletons (without extension): the rest of shared/src/react is bundled
// per app and must reach them by package name, or it would carry a second copy of their state.
const SINGLETON_MODULES = new Map([
  ['shared/src/react/index', '@carebook/shared/react'],
  ['shared/src/react/app-context', '@carebook/shared/react'],
  ['shared/src/react/app-provider', '@carebook/shared/react'],
  ['shared/src/react/use-app', '@carebook/shared/react'],
  ['shared/src/react/token-storage', '@carebook/shared/react'],
  ['shared/src/react/router', '@carebook/shared/router'],
  ['shared/src/react/toasts', '@carebook/shared/toasts'],
]);
const repoPath = (file) => path.relative(ROOT, file).split(path.sep).join('/').replace(/\.tsx?$/, '');

/** The area a repository file belongs to: 'host', 'remote:doctors', 'shared-core', ... */
function areaOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('remotes/')) return `remote:${rel.split('/')[1]}`;
  if (rel.startsWith('shared/src/react/')) return 'shared-react';
  if (rel.startsWith('shared/')) return 'shared-core';
  // The Node test support (testing/node: free port, listen, repository root, mail catcher,
  // PostgreSQL; testing/api: the API's; testing/browser: the browser's and the site stack's;
  // testing/jest: jest's setup): tests, benchmarks and their helpers. testing/react is the front
  // ends' (`@carebook/testing`).
  const testing = /^testing\/(node|api|browser|jest)\//.exec(rel);
  if (testing) return `test-${testing[1]}`;
  return rel.split('/')[0];
}

const NODE_TEST_SUPPORT = /^test-(node|api|browser|jest)$/;
const BROWSER_AREAS = /^(host|admin|shared-react|remote:)/;
const CONTRACT = /^@carebook\/shared\/contract$|\/contract(\/|$)/;

/** Who may use the front ends' test support, and how: only test code, only by its alias. */
function testingProblem(fromArea, source, targetArea, isTest) {
  const intoTesting = source === TESTING || targetArea === 'testing';
  if (fromArea === 'testing') {
    if (targetArea && targetArea !== 'testing' && !targetArea.startsWith('shared')) return `the test support imports only the shared package, not ${targetArea}`;
    return null;
  }
  if (intoTesting && !isTest) return `only test code (*.test.ts(x), *.test-utils.ts(x)) may import ${TESTING}`;
  if (intoTesting && !FRONT_ENDS.test(fromArea)) return `${TESTING} is the front ends' test support; ${fromArea} has its own`;
  if (targetArea === 'testing') return `reach the test support by its alias, ${TESTING}`;
  if (!isTest && source.startsWith('.') && TEST_CODE.test(`${source}.ts`)) return 'production code may not import a test helper';
  return null;
}

/** App code reaches the router and toasts through their facades, never by the library names. */
function facadeProblem(fromArea, source, file) {
  if (!FACADED_LIBRARIES.test(source) || /\.css$/.test(source)) return null;
  if (!/^(host|admin|testing|shared-react|remote:)/.test(fromArea)) return null;
  if (FACADES.has(path.relative(ROOT, file).split(path.sep).join('/'))) return null;
  const facade = source.startsWith('react-toastify') ? '@carebook/shared/toasts' : '@carebook/shared/router';
  return `import ${facade}, not ${source} (the page's one instance; add a name to the facade first if it lacks one)`;
}

/** Bundled shared code reaches a singleton by its package name, never by a relative path. */
function singletonCopyProblem(fromArea, source, isTest, typeOnly, file) {
  if (fromArea !== 'shared-react' || isTest || typeOnly || !source.startsWith('.')) return null;
  if (SINGLETON_MODULES.has(repoPath(file))) return null;
  const singleton = SINGLETON_MODULES.get(repoPath(path.resolve(path.dirname(file), source)));
  return singleton ? `import ${singleton} by name: a relative import would bundle a second copy of the page's singleton` : null;
}

function problem(fromArea, source, targetArea, isTest, typeOnly, file) {
  const testing = testingProblem(fromArea, source, targetArea, isTest);
  if (testing) return testing;
  const facade = facadeProblem(fromArea, source, file);
  if (facade) return facade;
  const copy = singletonCopyProblem(fromArea, source, isTest, typeOnly, file);
  if (copy) return copy;
  // The wire schemas carry zod; the first-visit budget has no room for it, so screens take types only.
  if (BROWSER_AREAS.test(fromArea) && !typeOnly && CONTRACT.test(source) && (source.startsWith('@') || targetArea === 'shared-core')) {
    return 'site code may only `import type` from the wire contract (it would bundle zod)';
  }
  if (fromArea === 'shared-core' && !typeOnly && /\/types\//.test(file) && CONTRACT.test(source)) {
    return 'shared/src/types reaches the contract with `import type` only (the site imports these types)';
  }
  if (NODE_TEST_SUPPORT.test(targetArea ?? '') && !isTest && fromArea !== 'e2e' && !NODE_TEST_SUPPORT.test(fromArea) && !/\/bench\//.test(file)) {
    return `only tests, benchmarks and their support may import the Node test support (${targetArea.replace('test-', 'testing/')})`;
  }
  // Route modules share helpers through api/src/lib, never through each other.
  if (fromArea === 'api' && /\/api\/src\/routes\/[^/]+\.ts$/.test(file) && !isTest && /^\.\/[^/]+$/.test(source)) {
    return 'a route file may not import another route file (shared helpers live in api/src/lib)';
  }
  if (fromArea.startsWith('remote:')) {
    const own = fromArea.slice('remote:'.length);
    const other = REMOTES.find((name) => name !== own && source === `@carebook/${name}`);
    if (other || source === '@carebook/host' || source === '@carebook/api') return `a remote may not import ${source}`;
  }
  if (fromArea === 'admin') {
    if (/^@carebook\/(host|api|doctors|booking|account|pages)$/.test(source)) return `the admin app may not import ${source}`;
  }
  if (fromArea === 'host' && REMOTES.some((name) => source === `@carebook/${name}`)) {
    return 'the host reaches remotes only through Module Federation';
  }
  if (fromArea === 'shared-core') {
    if (REACT_PACKAGES.test(source)) return 'shared code outside shared/src/react must not use React (the API imports it)';
    if (targetArea === 'shared-react') return 'shared core must not import the React layer';
  }
  if (fromArea === 'api') {
    if (REACT_PACKAGES.test(source) || source === '@carebook/shared/react') return 'the API must not import React code';
  }
  return null;
}

module.exports = {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], messages: { crossed: 'Import boundary: {{why}}.' } },
      create(context) {
        const file = context.filename;
        const fromArea = areaOf(file);
        const isTest = TEST_CODE.test(file);
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const target = source.startsWith('.') ? areaOf(path.resolve(path.dirname(file), source)) : null;
          const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
          const why = problem(fromArea, source, target, isTest, typeOnly, file);
          if (why) context.report({ node, messageId: 'crossed', data: { why } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
