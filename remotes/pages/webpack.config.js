const { createAppConfig } = require('../../webpack.shared');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'pages',
  title: 'CareBook pages (standalone)',
  exposes: {
    './about': './src/features/about/about-page.tsx',
    './contact': './src/features/contact/contact-page.tsx',
  },
});
