const { createAppConfig } = require('../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'host',
  title: 'CareBook: book a doctor online',
  runtimePlugins: ['src/remotes/offline-remote-plugin.ts', 'src/remotes/share-in-turns-plugin.ts'],
});
