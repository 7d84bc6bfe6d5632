const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
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
