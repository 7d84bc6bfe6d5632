// The design tokens are declared on `:root` for the site; inside the widget's shadow root the
// same declarations belong on `:host`, where a page can still override them on the element.
module.exports = function hostTokensLoader(source) {
  return source.replace(/:root\b/g, ':host');
};
