const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'booking',
  title: 'CareBook booking (standalone)',
});
