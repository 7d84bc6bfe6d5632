const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'doctors',
  title: 'CareBook doctors (standalone)',
  exposes: {
    './home': './src/features/home/home-page.tsx',
    './doctor-list': './src/features/doctor-list/doctor-list-page.tsx',
  },
});
