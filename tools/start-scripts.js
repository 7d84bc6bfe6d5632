// Writes `start-scripts.json` into the host's build: the scripts a page needs before the app can
// take it over, so the host's server can name them all in the head of a screen used through the app
// (preload hints) instead of the browser finding them one round trip after another (main.js, then
// what main.js asks for).
//
// They are the `shell` chunk's group (the shell imported by main.js) and, following every shared
// library those chunks consume (React, React DOM, the router, our singletons), the chunks holding
// the host's own copy of it (the copy main.js's federation runtime chooses: the host loads first),
// and what those consume in turn. Chunks loaded later by a dynamic `import()` (the toasts' library
// with the first toast) are not followed.
//
// The same file names `entry`: a copy of main.js under a content-hashed name (main.<hash>.js), so
// a page can load the entry from the browser's cache on the next page without asking the server
// again (main.js itself is served no-cache, as it keeps its name from build to build).
const crypto = require('node:crypto');
const webpack = require('webpack');

const PLUGIN = 'StartScriptsPlugin';
const FILE = 'start-scripts.json';

/**
 * The start chunks' script files, from a named chunk group through the shared libraries its chunks
 * consume (each consume's fallback block is the chunk group of the build's own copy).
 * @param {import('webpack').Compilation} compilation
 * @param {string} groupName
 * @returns {string[]}
 */
function startScripts(compilation, groupName) {
  const group = compilation.namedChunkGroups.get(groupName);
  if (!group) throw new Error(`${PLUGIN}: no chunk group named "${groupName}" (import it with webpackChunkName)`);
  const { chunkGraph } = compilation;
  const seen = new Set();
  const queue = [...group.chunks];
  while (queue.length > 0) {
    const chunk = queue.shift();
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      for (const block of module.blocks) queue.push(...(chunkGraph.getBlockChunkGroup(block)?.chunks ?? []));
    }
  }
  return [...seen].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))).sort();
}

/**
 * The build's stylesheets, as webpack named them: the named group's (the shell's, inline in every
 * page) and every other chunk's (loaded by the app when needed, as the toasts' with the first toast).
 * @param {import('webpack').Compilation} compilation
 * @param {string} groupName
 * @returns {{ styles: string[], lazyStyles: string[] }}
 */
function styleFiles(compilation, groupName) {
  const cssOf = (chunks) => [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.css')));
  const group = compilation.namedChunkGroups.get(groupName);
  const styles = new Set(group ? cssOf(group.chunks) : []);
  const lazyStyles = new Set(cssOf(compilation.chunks).filter((file) => !styles.has(file)));
  return { styles: [...styles].sort(), lazyStyles: [...lazyStyles].sort() };
}

class StartScriptsPlugin {
  /** @param {{ entry?: string, group?: string }} [options] */
  constructor(options = {}) {
    this.entry = options.entry ?? 'main';
    this.group = options.group ?? 'shell';
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // main.js as served (compile hint and source map comment added), before the gzip copies are made.
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER - 1 }, () => {
        const entryFile = `${this.entry}.js`;
        const entry = compilation.getAsset(entryFile);
        if (!entry) {
          compilation.errors.push(new webpack.WebpackError(`${PLUGIN}: the build has no ${entryFile}`));
          return;
        }
        // source(), not buffer(): a source a later stage edited can answer buffer() from before the edit.
        const content = entry.source.source();
        const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
        const hashedEntry = `${this.entry}.${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.js`;
        // `minimized`: the minimizer (re-run on assets added later) would strip the compile hint.
        compilation.emitAsset(hashedEntry, new webpack.sources.RawSource(bytes), { minimized: true, immutable: true });
        const manifest = { entry: hashedEntry, scripts: startScripts(compilation, this.group), ...styleFiles(compilation, this.group) };
        compilation.emitAsset(FILE, new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { StartScriptsPlugin, startScripts, styleFiles };
