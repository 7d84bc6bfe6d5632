// Adapts the booking screen's CSS to life inside the widget's shadow root (embed build only):
// - the design tokens are declared on `:root` for the site; in the widget they belong on `:host`,
//   where a page can still override them on the element;
// - width media queries become container queries on the widget (`carebook`, see widget-base.css),
//   so the layout follows the space the widget is given (a sidebar, a dialog), not the window.
module.exports = function shadowCssLoader(source) {
  return source
    .replace(/:root\b/g, ':host')
    .replace(/@media\s*\(\s*((?:min|max)-width\s*:[^)]+)\)\s*\{/g, '@container carebook ($1) {');
};
