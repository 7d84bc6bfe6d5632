const { createAppConfig } = require('../../webpack.shared');
const { createEmbedConfig } = require('./src/embed/build/webpack.embed');

const federated = createAppConfig({
  dir: __dirname,
  name: 'booking',
  title: 'CareBook booking (standalone)',
});

// Two builds into one dist/: the federated remote, then /embed.js and its widget chunk (after it,
// so the remote's clean step never removes the embed's files).
module.exports = (env, argv) => {
  // In production the factory also builds the host container (hostEntry.js) after the remote.
  const [remote, ...containers] = [].concat(federated(env, argv));
  return [
    { ...remote, name: 'booking', output: { ...remote.output, clean: { keep: /^embed/ } } },
    ...containers,
    { ...createEmbedConfig({ dir: __dirname, production: argv.mode !== 'development' }), dependencies: ['booking'] },
  ];
};
