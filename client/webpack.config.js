// Production and development bundles: one entry, route-level chunks (React.lazy), hashed file
// names under dist/assets/, index.html at dist/ with publicPath "/".

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @type {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration} */
export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/index.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: production
        ? {
            // react-router publishes its production build beside the default (development) one.
            'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
            // Messages are precompiled (below), so the runtime parser is dead weight.
            '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
          }
        : {},
    },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, include: path.join(root, 'src'), use: 'babel-loader' },
        {
          test: /\.css$/,
          // In production the styles are a file of their own, linked from the page's head: the
          // markup `souk serve` writes into the page (its first paint) is styled before any
          // JavaScript runs. In development they stay in the JavaScript (hot edits).
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', { loader: 'css-loader', options: { sourceMap: !production } }],
        },
        // The self-hosted fonts (ui/fonts.css): woff2 files of their own, hashed, under assets/.
        { test: /\.woff2$/, type: 'asset/resource' },
        // Leaflet's own images (its styles name them), self-hosted like the fonts.
        { test: /\.(png|svg)$/, include: path.join(root, 'node_modules/leaflet'), type: 'asset/resource' },
        ...(production
          ? [
              { test: /\.json$/, include: path.join(root, 'src/locales'), use: path.join(root, 'build/icu-messages-loader.js') },
              // The server's error wording (make rules): ICU messages too; rules.json is plain data.
              { test: /messages\.(fr|ar)\.json$/, include: path.join(root, 'src/generated'), use: path.join(root, 'build/icu-messages-loader.js') },
            ]
          : []),
      ],
    },
    optimization: {
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Libraries every page needs, cached apart from the app's own code.
          vendors: { test: /[\\/]node_modules[\\/]/, name: 'vendors', chunks: 'initial', priority: -10 },
        },
      },
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html' }),
      ...(production ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' })] : []),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: {
      hints: production ? 'error' : false,
      // Budget (minified bytes) for what every page loads first (runtime, vendors, main; the
      // page language's messages and the route's chunk come next, on demand); gzip is about a
      // third of it (docs/benchmarks.md "Web client"). The build fails beyond it: split new code
      // into a lazy route rather than raise it. 410 KiB since each language's messages became
      // their own chunk (it was 480 KiB with both languages in main).
      maxEntrypointSize: 410 * 1024,
      maxAssetSize: 400 * 1024,
      assetFilter: (file) => file.endsWith('.js'),
    },
  };
};
