// The second build of the booking remote: `/embed.js` (the integrators' loader, a few KB) and the
// widget chunk it loads on demand. Not federated: the widget bundles its own React and works on
// any page, whatever React (or share scope) that page has.
const path = require('node:path');
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');

/** @param {{ dir: string, production: boolean }} options */
function createEmbedConfig({ dir, production }) {
  return {
    name: 'embed',
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { embed: './src/embed/loader/embed.ts' },
    // No eval-based source maps: they would need `script-src 'unsafe-eval'` on integrators' pages.
    devtool: 'source-map',
    output: {
      // Beside the remote's files, also when a release builds into its own folder (OUTPUT_DIR).
      path: process.env.OUTPUT_DIR || path.join(dir, 'dist'),
      // Set at run time from embed.js's own address (src/embed/loader/embed.ts).
      publicPath: '',
      filename: '[name].js',
      // Content-hashed: only embed.js itself must be revalidated on each load.
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'carebookEmbed',
      chunkLoadingGlobal: 'carebookEmbedChunks',
      // Only stale embed files go; the remote's own files are its build's business.
      clean: { keep: (asset) => !asset.startsWith('embed') },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      // Messages show inside the widget, not in a toast layer on the integrator's page.
      alias: { '@carebook/shared/toasts$': path.join(dir, 'src/embed/widget/notices.tsx') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          options: {
            transpileOnly: true,
            configFile: path.join(dir, 'tsconfig.json'),
            compilerOptions: { rootDir: path.join(dir, '../..'), composite: false, declaration: false, emitDeclarationOnly: false },
          },
          exclude: /node_modules/,
        },
        {
          test: /\.css$/,
          use: [
            // Kept in memory and adopted by each shadow root (see src/embed/widget/style-registry.ts).
            { loader: 'style-loader', options: { insert: path.join(dir, 'src/embed/widget/style-registry.ts') } },
            {
              loader: 'css-loader',
              options: {
                modules: { auto: true, localIdentName: production ? 'cb_[hash:base64:6]' : 'cb_[local]_[hash:base64:4]', namedExport: false, exportLocalsConvention: 'as-is' },
              },
            },
            path.join(__dirname, 'shadow-css-loader.js'),
          ],
        },
        { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset/inline' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ 'process.env.API_URL': JSON.stringify(process.env.API_URL || 'http://localhost:4000') }),
      ...(production
        ? [new CompressionPlugin({ test: /\.js$/, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 }, threshold: 1024, minRatio: 0.9 })]
        : []),
    ],
    // One widget file, one request after embed.js.
    optimization: { splitChunks: false },
    performance: { hints: false },
  };
}

module.exports = { createEmbedConfig };
