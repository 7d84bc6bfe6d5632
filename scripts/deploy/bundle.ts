import { build, type Metafile, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../servers/apps/site-apps';

/** Packages with native code or files loaded beside them (WASM): copied, not bundled. */
export const COPIED_PACKAGES = ['argon2', '@electric-sql/pglite', 'sharp'];
/** Optional packages the bundled code asks for only when they are installed. */
const ABSENT_PACKAGES = ['pg-native'];

/**
 * In one bundle every file shares the bundle's `__dirname`; the sources resolve their own files
 * from theirs. Each source's `__dirname` becomes `__carebookDir(<its folder from the repository root>)`.
 */
const ownDirname: Plugin = {
  name: 'own-dirname',
  setup(context) {
    context.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const relative = path.relative(REPO_ROOT, path.dirname(args.path));
      if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) return undefined;
      return {
        contents: source.replace(/\b__dirname\b/g, `__carebookDir(${JSON.stringify(relative.split(path.sep).join('/'))})`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * Bundles the server at `entry` (from the repository root) into one CommonJS file for bare Node.
 * `root` is where the sources' folders are found when it runs: by default the bundle's parent
 * folder (a runtime image's /app, the bundle being in /app/server); a test that runs the bundle
 * beside the sources gives the repository root. Resolves with esbuild's metafile (its inputs, from
 * the repository root).
 */
export async function bundleServer(entry: string, outFile: string, options: { root?: string } = {}): Promise<Metafile> {
  const root = options.root === undefined ? 'require("node:path").join(__dirname, "..")' : JSON.stringify(options.root);
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [path.join(REPO_ROOT, entry)],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    external: [...COPIED_PACKAGES, ...ABSENT_PACKAGES],
    banner: { js: `const __carebookDir = (dir) => require("node:path").join(${root}, dir);` },
    plugins: [ownDirname],
    logLevel: 'warning',
    legalComments: 'none',
    metafile: true,
  });
  return result.metafile;
}
