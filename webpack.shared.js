// The one webpack factory: every app's webpack.config.js is a call to createAppConfig().
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** The one app list (name, folder, port, exposes): shared/src/apps.json. */
const { apps: APPS } = require('./shared/src/apps.json');
const REMOTES = APPS.filter((app) => app.kind === 'remote');

const root = __dirname;
const FORM_KIT = path.join(__dirname, 'shared/src/react/forms') + path.sep;
/** `@carebook/shared`'s index and the modules behind it: rules, messages, the API client, no React, no DOM. */
const SHARED_CORE = /[\\/]shared[\\/]src[\\/](index\.ts$|domain[\\/]|api[\\/])/;
/**
 * The host's small singletons: React, React DOM's index, the JSX runtime and our facades (the
 * top-level modules of shared/src/react). Not React DOM's client, which is 65 KB on its own.
 */
const SMALL_SINGLETONS =
  /[\\/]node_modules[\\/](react[\\/]|react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$)|[\\/]shared[\\/]src[\\/]react[\\/][^\\/]+\.tsx?$/;
/** The API client of `@carebook/shared` and what it brings (its messages, errors, fetch-retry). */
const HOST_START_CLIENT = /[\\/]shared[\\/]src[\\/](api[\\/]|domain[\\/]messages\.ts$)|[\\/]node_modules[\\/]fetch-retry[\\/]/;
const RUNTIME_CORE_ESM = path.join(__dirname, 'node_modules/@module-federation/runtime-core/dist/index.js');
const rootPackage = require('./package.json');
const { SingletonContractPlugin } = require('./tools/singleton-contract');
const { StartScriptsPlugin } = require('./tools/start-scripts');

/**
 * Our own singletons and the version of what each provides (shared/singletons.json): the app
 * context, the router and the toasts, which hold state for the whole page. Everything else in
 * `@carebook/shared` (rules, formatting, messages, the API client, the form kit) is bundled by
 * each app, tree-shaken, so a release runs the helpers it was built with.
 */
const { singletons: SINGLETONS } = require('./shared/singletons.json');

/** What a remote's server build takes from the host's server: React and our singletons (one per page there too). */
const SERVER_PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', ...Object.keys(SINGLETONS)];

/** What must be one per page: React, React DOM and our singletons. Nothing else is shared. */
function sharedLibraries(appPackage) {
  const version = (name) => appPackage.dependencies[name] || rootPackage.dependencies[name];
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(version('react')),
    'react/jsx-runtime': singleton(version('react')),
    'react-dom': singleton(version('react-dom')),
    'react-dom/client': singleton(version('react-dom')),
    // Within a major version, the names a build needs decide (the release gate checks them).
    ...Object.fromEntries(
      Object.entries(SINGLETONS).map(([key, { version: provided }]) => [
        key,
        { ...singleton(`^${provided.split('.')[0]}.0.0`), version: provided },
      ]),
    ),
  };
}

/** Records in the build what it provides and needs from our singletons (tools/singleton-contract.js). */
function singletonContract(name, dir) {
  return new SingletonContractPlugin({
    app: name,
    tsconfig: path.join(dir, 'tsconfig.json'),
    singletons: Object.fromEntries(
      Object.entries(SINGLETONS).map(([key, { version, context }]) => [
        key,
        { version, ...(context ? { context: { file: path.join(root, 'shared', context.file), type: context.type } } : {}) },
      ]),
    ),
  });
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (its __dirname)
 * @param {string} options.name its name in the app list; a remote's exposes come from there
 * @param {string[]} [options.runtimePlugins] MF runtime plugins (host)
 * @param {string} options.title page title of the app's own HTML page
 */
/**
 * Every app's HTML page before html-webpack-plugin adds its tags and minifies it. The host's server
 * fills its title, the end of its head and its root element (servers/host/page-template.ts).
 */
function pageHtml(title) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Find a doctor and book a 30-minute appointment online." />
    <link rel="icon" href="data:," />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
}

function createAppConfig({ dir, name, runtimePlugins = [], title }) {
  const appPackage = require(path.join(dir, 'package.json'));
  const app = APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`${name} is not in shared/src/apps.json`);
  const { port } = app;
  const exposes = app.exposes
    ? Object.fromEntries(Object.entries(app.exposes).map(([module, file]) => [`./${module}`, file]))
    : undefined;
  /** The app's HTML page (html-webpack-plugin options). */
  const page = {
    title,
    publicPath: '/',
    templateContent: ({ htmlWebpackPlugin }) => pageHtml(htmlWebpackPlugin.options.title),
  };
  const federation = (production, extra) =>
    new ModuleFederationPlugin({
      name,
      ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
      remotes: {},
      shared: sharedLibraries(appPackage),
      shareStrategy: 'loaded-first',
      runtimePlugins: runtimePlugins.map((file) => path.join(dir, file)),
      dts: false,
      // Each federation runtime is built for what the site does: browsers only (no Node script
      // loading) and remotes registered by their `.js` entry, never by a manifest (no snapshot
      // plugin, which only acts on manifest entries): 3.2 KB gzip less on every first visit (the
      // host's) and for embedders (a remote's remoteEntry.js). The host also puts its runtime where
      // remotes' host containers find it (see below).
      ...(production
        ? {
            experiments: {
              ...(name === 'host' ? { provideExternalRuntime: true } : {}),
              optimization: { disableSnapshot: true, target: 'web' },
            },
          }
        : {}),
      ...extra,
    });
  const cssModules = (production) => ({
    auto: true,
    localIdentName: production ? `${name}_[hash:base64:6]` : `${name}_[local]_[hash:base64:4]`,
    namedExport: false,
    exportLocalsConvention: 'as-is',
  });
  // V8's explicit compile hint (Chrome 136 and later; other engines ignore the comment) on top of
  // every script: V8 compiles the whole file on a background thread while it downloads, instead of
  // compiling each function on the main thread the first time it runs. Our scripts are fetched to
  // run at once (the federation runtime, React DOM, a screen's code), and on a slow phone that main
  // thread is what a tap on the server's page waits for. Mobile profile, /doctors, median of 5:
  // main.js 289 -> 173 ms of main thread, React DOM 73 -> 35 ms, all tasks 3.2 -> 2.5 s. Added after
  // minifying (Terser would drop it), before the source maps and the compressed copies are made.
  const compileHint = () =>
    new webpack.BannerPlugin({
      banner: '//# allFunctionsCalledOnLoad',
      raw: true,
      test: /\.js$/,
      stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
    });
  const compression = () =>
    new CompressionPlugin({ test: /\.(js|css|html|json|svg)$/, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 }, threshold: 1024, minRatio: 0.9 });

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const config = appConfig(production);
    if (!production) return config;
    // The admin app renders in the browser only; the host and the remotes render on the server too.
    if (app.kind === 'admin') return config;
    return withBuildCache(productionConfigs(config));
  };

  /**
   * WEBPACK_CACHE_DIR: webpack's persistent cache in that folder, one cache per config. A build
   * then redoes only what changed since a build it remembers (files are checked by their content,
   * production's default), and makes the same files as without it. Off by default; the browser
   * tests' release builds use one (testing/browser/release-commands.ts): they build the same
   * remote again and again with one file changed.
   */
  function withBuildCache(configs) {
    const cacheDirectory = process.env.WEBPACK_CACHE_DIR;
    if (!cacheDirectory) return configs;
    const buildDependencies = { config: [__filename, path.join(dir, 'webpack.config.js')] };
    return configs.map((each) => ({ ...each, cache: { type: 'filesystem', cacheDirectory, name: `${each.name}-production`, buildDependencies } }));
  }

  function productionConfigs(config) {
    if (!exposes) return [{ ...config, name }, serverConfig(config)];
    // A remote's second container, for the composed site only: `hostEntry.js` uses the host's
    // federation runtime instead of carrying its own (about 20 KB gzip less on every first visit).
    // `remoteEntry.js` stays self-contained for the remote's own page and for embedders.
    const hostContainer = {
      ...config,
      name: `${name}-host-container`,
      dependencies: [name],
      entry: {},
      output: { ...config.output, clean: false },
      plugins: [
        federation(true, { filename: 'hostEntry.js', experiments: { externalRuntime: true }, manifest: { fileName: 'host-mf-manifest.json' } }),
        ...config.plugins.filter((plugin) => plugin instanceof webpack.DefinePlugin || plugin instanceof MiniCssExtractPlugin),
        compileHint(),
        compression(),
      ],
    };
    return [{ ...config, name }, hostContainer, serverConfig(config)];
  }

  /**
   * The app's server build, in `server/` of the same build (so of each release): what renders its
   * screens to HTML in the host's server (docs/architecture.md, "Server rendering"). A remote's has
   * one CommonJS file per exposed module, with React and our singletons left to the host (`require`
   * gets the host's instances, so a screen renders inside the host's router and context); the
   * host's (`server/render.js`) carries them and renders the shell. Class names are the browser
   * build's (same CSS Modules names); the styles themselves are the browser build's files.
   */
  function serverConfig(browser) {
    const entry = exposes ? { ...app.exposes } : { render: './src/server/render.tsx' };
    return {
      name: `${name}-server`,
      dependencies: [name],
      mode: 'production',
      context: dir,
      target: 'node',
      entry,
      devtool: false,
      output: {
        path: path.join(browser.output.path, 'server'),
        filename: '[name].js',
        library: { type: 'commonjs2' },
        clean: false,
      },
      externalsType: 'commonjs',
      externals: exposes ? SERVER_PROVIDED : undefined,
      resolve: browser.resolve,
      module: {
        rules: browser.module.rules.map((rule) =>
          String(rule.test) === String(/\.css$/)
            ? { test: /\.css$/, loader: 'css-loader', options: { modules: { ...cssModules(true), exportOnlyLocals: true } } }
            : rule,
        ),
      },
      plugins: [
        ...browser.plugins.filter((plugin) => plugin instanceof webpack.DefinePlugin),
        // One file per screen: the host evaluates it from the release, with no chunks to fetch.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ],
      optimization: { minimize: false },
      performance: { hints: false },
    };
  }

  function appConfig(production) {
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // OUTPUT_DIR: a release build goes to its own folder, leaving dist/ (and what it serves) alone.
        path: process.env.OUTPUT_DIR || path.join(dir, 'dist'),
        publicPath: 'auto',
        // Entries keep stable names (enhanced cannot hash them); lazy chunks are content-hashed.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js'],
        // The host hands its federation runtime to the remotes' host containers; without this the
        // plugin doing it would bundle a second, CommonJS copy of that runtime (+24 KB gzip).
        alias: { '@module-federation/runtime-tools/runtime-core$': RUNTIME_CORE_ESM },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              configFile: path.join(dir, 'tsconfig.json'),
              // Type-checking is `tsc -b`'s job; here shared sources are simply compiled in.
              compilerOptions: { rootDir: root, composite: false, declaration: false, emitDeclarationOnly: false },
            },
            exclude: /node_modules/,
          },
          {
            test: /\.css$/,
            use: [
              // In production, styles are stylesheets downloaded beside the code that needs them
              // (a remote's chunk brings its own, still scoped by CSS Modules), not strings inside it.
              production ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: {
                  sourceMap: !production,
                  modules: cssModules(production),
                },
              },
            ],
          },
          { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
          // The form kit (@carebook/shared/forms) is imported through one index: marked free of side
          // effects, each chunk gets only the parts it uses (the login screen no dialog, nor its styles).
          { test: FORM_KIT, sideEffects: false },
          // So is `@carebook/shared`'s index (its modules do nothing on import): a chunk gets the modules
          // it uses, not all that any chunk of the app uses (the doctor's page got the embed's API client).
          { test: SHARED_CORE, sideEffects: false },
        ],
      },
      plugins: [
        federation(production, {}),
        ...(production ? [singletonContract(name, dir)] : []),
        new webpack.DefinePlugin({
          'process.env.API_URL': JSON.stringify(process.env.API_URL || 'http://localhost:4000'),
          'process.env.ADMIN_URL': JSON.stringify(process.env.ADMIN_URL || 'http://localhost:5174'),
          // TELEMETRY=off builds a host without its telemetry (the benchmark's baseline).
          'process.env.TELEMETRY': JSON.stringify(process.env.TELEMETRY === 'off' ? 'off' : 'on'),
          'process.env.REMOTE_ORIGINS': JSON.stringify(
            Object.fromEntries(REMOTES.map((remote) => [remote.name, `http://localhost:${remote.port}`])),
          ),
        }),
        new HtmlWebpackPlugin(page),
        // The host's server renders every page from this copy without any script (render-page.ts
        // adds the entry under the name start-scripts.json gives it), never from a pattern over HTML.
        ...(production && name === 'host' ? [new HtmlWebpackPlugin({ ...page, filename: 'server/page.html', inject: false })] : []),
        // Served as-is by the static server (preCompressed): no compression work per request.
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
        ...(production ? [compileHint(), compression()] : []),
        // main.<hash>.js and the start scripts, for the host's server (servers/host/render-page.ts).
        ...(production && name === 'host' ? [new StartScriptsPlugin()] : []),
      ],
      ...(production
        ? {
            optimization: {
              // Webpack's own JS minifier ('...') and the stylesheets' (they are inline in every
              // server page: fewer bytes to send and for a phone to parse), by esbuild, already here.
              minimizer: ['...', new CssMinimizerPlugin({ minify: CssMinimizerPlugin.esbuildMinify })],
              // Every first visit needs all of the host's small singletons: one chunk, not six (each
              // file cost a request, about 0.4 KB of headers, and compressed apart): 3.6 KB less.
              // The API client the context creates at start (with its messages and fetch-retry) is
              // on every first visit too: in the same file, not a chunk of its own (0.4 KB less).
              ...(name === 'host'
                ? {
                    splitChunks: {
                      cacheGroups: {
                        singletons: { test: SMALL_SINGLETONS, name: 'singletons', chunks: 'async', enforce: true },
                        startClient: { test: HOST_START_CLIENT, name: 'singletons', chunks: 'async', enforce: true },
                      },
                    },
                  }
                : {}),
            },
          }
        : {}),
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
      },
    };
  }
}

module.exports = { createAppConfig, pageHtml, root, SERVER_PROVIDED };
