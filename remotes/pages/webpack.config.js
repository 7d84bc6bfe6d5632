const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'pages',
  title: 'CareBook pages (standalone)',
});
