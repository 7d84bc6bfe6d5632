// Writes `singleton-contract.json` into an app's build: for each of our federation singletons
// (the app context, the router, the toasts), what this build provides (its exports and, for the
// context, its fields) and what this build's own code needs from it (the names it imports, the
// context fields it reads). The release gate compares a remote's needs with what the live host
// provides (see scripts/releases/contract.ts).
const path = require('node:path');
const { ALL, createProgram, declaredFields, fieldsUsed } = require('./context-fields');

const PLUGIN = 'SingletonContractPlugin';
const CONTRACT_FILE = 'singleton-contract.json';
const IN_NODE_MODULES = `${path.sep}node_modules${path.sep}`;
const SOURCE = /\.tsx?$/;

/** Dependencies of a module and of its async blocks (dynamic imports), depth first. */
function dependenciesOf(owner) {
  return [...owner.dependencies, ...owner.blocks.flatMap((block) => dependenciesOf(block))];
}

/** The module a provide or consume module stands for (its first dependency, eager or not). */
function implementationOf(moduleGraph, sharingModule) {
  const [dependency] = dependenciesOf(sharingModule);
  return dependency ? moduleGraph.getModule(dependency) : null;
}

/** The names one import takes from the module it points at (`*` for the whole namespace). */
function importedNames(moduleGraph, dependency) {
  if (typeof dependency.getIds === 'function') {
    const [name] = dependency.getIds(moduleGraph);
    return [name ?? ALL];
  }
  // `import('...')`: the names it reads when webpack knows them, else everything.
  if (dependency.type === 'import()') {
    const referenced = dependency.referencedExports;
    return referenced ? referenced.map(([name]) => name ?? ALL) : [ALL];
  }
  // A side-effect import (`import 'x'`) takes no name.
  return [];
}

/**
 * @param {import('webpack').Compilation} compilation
 * @param {{ app: string, tsconfig: string, singletons: Record<string, { version: string, context?: { file: string, type: string } }> }} options
 */
function describeContract(compilation, options) {
  const { moduleGraph } = compilation;
  const keys = new Set(Object.keys(options.singletons));
  const modules = [...compilation.modules];
  const consumed = (module) => module?.type === 'consume-shared-module' && keys.has(module.options.shareKey);

  // The code behind each singleton (this build's own copy): its needs are not this app's.
  const singletonCode = new Set();
  const walk = (module) => {
    if (!module || singletonCode.has(module) || !module.resource || module.resource.includes(IN_NODE_MODULES)) return;
    singletonCode.add(module);
    for (const connection of moduleGraph.getOutgoingConnections(module)) walk(connection.module);
  };
  const provided = new Map();
  for (const module of modules) {
    if (module.type === 'provide-module' && keys.has(module._name)) {
      const implementation = implementationOf(moduleGraph, module);
      provided.set(module._name, implementation);
      walk(implementation);
    }
  }

  const needed = new Map([...keys].map((key) => [key, new Set()]));
  for (const module of modules) {
    if (singletonCode.has(module) || !module.resource) continue;
    for (const dependency of dependenciesOf(module)) {
      const target = moduleGraph.getModule(dependency);
      if (!consumed(target)) continue;
      for (const name of importedNames(moduleGraph, dependency)) needed.get(target.options.shareKey).add(name);
    }
  }

  const ownSources = modules
    .filter((module) => !singletonCode.has(module) && SOURCE.test(module.resource ?? '') && !module.resource.includes(IN_NODE_MODULES))
    .map((module) => module.resource);
  const contexts = Object.values(options.singletons).flatMap((singleton) => (singleton.context ? [singleton.context.file] : []));
  let program = null;
  const typeChecked = () => (program ??= createProgram(options.tsconfig, [...ownSources, ...contexts]));

  const singletons = {};
  for (const [key, { version, context }] of Object.entries(options.singletons)) {
    const implementation = provided.get(key);
    const exportsProvided = implementation ? moduleGraph.getExportsInfo(implementation).getProvidedExports() : [];
    if (!Array.isArray(exportsProvided)) throw new Error(`${PLUGIN}: cannot tell which names ${key} exports (is it an ES module?)`);
    const provides = { exports: [...exportsProvided].sort() };
    const needs = { exports: expand([...needed.get(key)], provides.exports) };
    if (context) {
      provides.context = declaredFields(typeChecked(), context.file, context.type);
      needs.context = expand(fieldsUsed(typeChecked(), ownSources, context.file, context.type), provides.context);
    }
    singletons[key] = { version, provides, needs };
  }
  return { app: options.app, singletons };
}

/** `*` stands for everything this build's copy has. */
function expand(names, all) {
  return [...new Set(names.includes(ALL) ? [...names.filter((name) => name !== ALL), ...all] : names)].sort();
}

class SingletonContractPlugin {
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const contract = describeContract(compilation, this.options);
        compilation.emitAsset(CONTRACT_FILE, new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

module.exports = { CONTRACT_FILE, SingletonContractPlugin, describeContract };
