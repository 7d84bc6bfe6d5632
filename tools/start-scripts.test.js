// startScripts() walks webpack's chunk graph; here the graph is a small hand-made one (the browser
// test "names the host's start scripts" checks the list from the real build against what the app loads).
const { startScripts, styleFiles } = require('./start-scripts');

/** A chunk with its files and modules; a module is `{ type, blocks: [{ group }] }`. */
const chunk = (files, modules = []) => ({ files: new Set(files), modules });
const consume = (...groups) => ({ type: 'consume-shared-module', blocks: groups.map((group) => ({ group })) });
const lazyImport = (group) => ({ type: 'javascript/auto', blocks: [{ group }] });

function compilationOf(namedGroups) {
  return {
    namedChunkGroups: new Map(Object.entries(namedGroups)),
    chunkGraph: {
      getChunkModulesIterable: (owner) => owner.modules,
      getBlockChunkGroup: (block) => block.group,
    },
  };
}

describe('startScripts', () => {
  it("lists the group's chunks and, through every shared library they consume, the chunks of the build's own copy", () => {
    const scheduler = chunk(['scheduler.js']);
    const reactDom = chunk(['react-dom.js'], [consume({ chunks: [scheduler] })]);
    const react = chunk(['react.js']);
    const shell = chunk(['shell.js', 'shell.css'], [consume({ chunks: [react] }), consume({ chunks: [reactDom] })]);
    expect(startScripts(compilationOf({ shell: { chunks: [shell] } }), 'shell')).toEqual(['react-dom.js', 'react.js', 'scheduler.js', 'shell.js']);
  });

  it('leaves out what a dynamic import loads later, and names a chunk two libraries share once', () => {
    const toasts = chunk(['toasts.js']);
    const common = chunk(['common.js']);
    const router = chunk(['router.js'], [consume({ chunks: [common] })]);
    const shell = chunk(['shell.js'], [lazyImport({ chunks: [toasts] }), consume({ chunks: [router] }), consume({ chunks: [common] })]);
    expect(startScripts(compilationOf({ shell: { chunks: [shell] } }), 'shell')).toEqual(['common.js', 'router.js', 'shell.js']);
  });

  it('fails the build when the group is missing (the shell imported without its chunk name)', () => {
    expect(() => startScripts(compilationOf({}), 'shell')).toThrow('no chunk group named "shell"');
  });
});

describe('styleFiles', () => {
  it("names the group's stylesheets and, apart, every other chunk's, from the chunks' files", () => {
    const shell = chunk(['shell.js', 'shell.c2307f3b.css']);
    const toasts = chunk(['189.92b8b2ac.js', '189.843292dc.css']);
    const main = chunk(['main.js']);
    const compilation = { ...compilationOf({ shell: { chunks: [shell] } }), chunks: new Set([main, shell, toasts]) };
    expect(styleFiles(compilation, 'shell')).toEqual({ styles: ['shell.c2307f3b.css'], lazyStyles: ['189.843292dc.css'] });
  });
});
