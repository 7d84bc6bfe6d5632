// The one webpack factory: every app's webpack.config.js is a call to createAppConfig().
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** Where each app is served by default: one port per separately deployed app. */
const APP_PORTS = { host: 3000, doctors: 3001, booking: 3002, account: 3003, pages: 3004, admin: 5174 };
const REMOTE_NAMES = ['doctors', 'booking', 'account', 'pages'];

const root = __dirname;
const rootPackage = require('./package.json');
const sharedPackage = require('./shared/package.json');

/** Libraries with state or size worth sharing: the composed site loads one copy of each. */
function sharedLibraries(appPackage) {
  const version = (name) => appPackage.dependencies[name] || rootPackage.dependencies[name];
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(version('react')),
    'react/jsx-runtime': singleton(version('react')),
    'react-dom': singleton(version('react-dom')),
    'react-dom/client': singleton(version('react-dom')),
    'react-router-dom': singleton(version('react-router-dom')),
    'react-toastify': singleton(version('react-toastify')),
    '@carebook/shared': singleton(sharedPackage.version),
    '@carebook/shared/react': singleton(sharedPackage.version),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (its __dirname)
 * @param {string} options.name federation name: 'host' or a remote's bare name
 * @param {Record<string, string>} [options.exposes] what a remote exposes
 * @param {string[]} [options.runtimePlugins] MF runtime plugins (host)
 * @param {string} options.title page title of the app's own HTML page
 */
function createAppConfig({ dir, name, exposes, runtimePlugins = [], title }) {
  const appPackage = require(path.join(dir, 'package.json'));
  const port = APP_PORTS[name];
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        // Entries keep stable names (enhanced cannot hash them); lazy chunks are content-hashed.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js'] },
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
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  sourceMap: !production,
                  modules: { auto: true, localIdentName: production ? `${name}_[hash:base64:6]` : `${name}_[local]_[hash:base64:4]`, namedExport: false, exportLocalsConvention: 'as-is' },
                },
              },
            ],
          },
          { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          remotes: {},
          shared: sharedLibraries(appPackage),
          shareStrategy: 'loaded-first',
          runtimePlugins: runtimePlugins.map((file) => path.join(dir, file)),
          dts: false,
        }),
        new webpack.DefinePlugin({
          'process.env.API_URL': JSON.stringify(process.env.API_URL || 'http://localhost:4000'),
          'process.env.ADMIN_URL': JSON.stringify(process.env.ADMIN_URL || 'http://localhost:5174'),
          'process.env.REMOTE_ORIGINS': JSON.stringify(
            Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, `http://localhost:${APP_PORTS[remote]}`])),
          ),
        }),
        new HtmlWebpackPlugin({
          title,
          publicPath: '/',
          templateContent: ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Find a doctor and book a 30-minute appointment online." />
    <link rel="icon" href="data:," />
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
        }),
        // Served as-is by the static server (preCompressed): no compression work per request.
        ...(production
          ? [
              new CompressionPlugin({ test: /\.(js|css|html|json|svg)$/, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 }, threshold: 1024, minRatio: 0.9 }),
            ]
          : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
      },
    };
  };
}

module.exports = { createAppConfig, APP_PORTS, REMOTE_NAMES, root };
