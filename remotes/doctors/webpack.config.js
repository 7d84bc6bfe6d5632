const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'doctors',
  title: 'CareBook doctors (standalone)',
});
