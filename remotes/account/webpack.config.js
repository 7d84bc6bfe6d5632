const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'account',
  title: 'CareBook account (standalone)',
  exposes: {
    './login': './src/features/login/login-page.tsx',
    './my-profile': './src/features/my-profile/my-profile-page.tsx',
    './my-appointments': './src/features/my-appointments/my-appointments-page.tsx',
  },
});
