const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'booking',
  title: 'CareBook booking (standalone)',
  exposes: {
    './doctor-page': './src/features/doctor-page/doctor-page.tsx',
  },
});
