const { createAppConfig } = require('../webpack.shared');

// A federation host with no remotes: it shares the site's libraries and look, and exposes nothing.
module.exports = createAppConfig({
  dir: __dirname,
  name: 'admin',
  title: 'CareBook Clinic admin',
});
