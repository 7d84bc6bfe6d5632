const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'account',
  title: 'CareBook account (standalone)',
});
