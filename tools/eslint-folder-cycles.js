// No import cycle between folders (docs/architecture.md, "Boundaries"): when a file in folder A
// imports one in folder B, nothing in B (or what B imports, folder by folder) imports A back. A
// folder that imports its parent while its parent imports it is such a cycle. import-x/no-cycle
// checks files; this checks folders, over the relative imports of production code (tests may reach
// across). The graph is read once per lint run.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.tsbuild', '.git', '.releases', '.data', 'coverage']);
const SOURCE = /\.tsx?$/;
const TEST = /\.test(-utils)?\.tsx?$/;
const IMPORT = /(?:^|\s)(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The folder an import lands in: the folder itself for `./folder` (its index), else the file's. */
function targetFolder(fromDir, specifier) {
  const target = path.resolve(fromDir, specifier);
  try {
    if (fs.statSync(target).isDirectory()) return target;
  } catch {
    // A file named without its extension.
  }
  return path.dirname(target);
}

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(IMPORT)) found.push(match[1] ?? match[2]);
  return found;
}

let graph = null;
/** Folder -> the folders its production files import (relative imports only). */
function folderGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        for (const specifier of importsOf(full)) {
          const to = targetFolder(dir, specifier);
          if (to === dir) continue;
          if (!graph.has(dir)) graph.set(dir, new Set());
          graph.get(dir).add(to);
        }
      }
    }
  };
  walk(ROOT);
  return graph;
}

/** A path of folders from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const edges = folderGraph();
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const trail = queue.shift();
    const last = trail[trail.length - 1];
    for (const next of edges.get(last) ?? []) {
      if (next === goal) return [...trail, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

const rel = (dir) => path.relative(ROOT, dir).split(path.sep).join('/') || '.';

module.exports = {
  rules: {
    'folder-cycles': {
      meta: { type: 'problem', schema: [], messages: { cycle: 'Folder cycle: {{from}} imports {{to}}, which imports {{from}} back ({{trail}}).' } },
      create(context) {
        const file = context.filename;
        if (TEST.test(file)) return {};
        const dir = path.dirname(file);
        const check = (node, specifier) => {
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const to = targetFolder(dir, specifier);
          if (to === dir) return;
          const back = pathBack(to, dir);
          if (back) context.report({ node, messageId: 'cycle', data: { from: rel(dir), to: rel(to), trail: back.map(rel).join(' -> ') } });
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
