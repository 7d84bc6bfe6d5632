const { createAppConfig } = require('../../webpack.shared');
const { createEmbedConfig } = require('./webpack.embed');

const federated = createAppConfig({
  dir: __dirname,
  name: 'booking',
  title: 'CareBook booking (standalone)',
  exposes: {
    // The host's route /appointment/:docId (needs the host's router, context and toasts).
    './doctor-page': './src/features/doctor-page/doctor-page.tsx',
    // For React integrators: <EmbeddedBooking docId apiUrl token? onLoginRequired? onBooked? />.
    './booking-widget': './src/features/embed/embedded-booking.tsx',
    // For any page: mount(element, options) -> unmount.
    './mount': './src/mount.tsx',
  },
});

// Two builds into one dist/: the federated remote, then /embed.js and its widget chunk (after it,
// so the remote's clean step never removes the embed's files).
module.exports = (env, argv) => {
  const remote = federated(env, argv);
  return [
    { ...remote, name: 'booking', output: { ...remote.output, clean: { keep: /^embed/ } } },
    { ...createEmbedConfig({ dir: __dirname, production: argv.mode !== 'development' }), dependencies: ['booking'] },
  ];
};
