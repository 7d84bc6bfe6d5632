// Style sheets the React layer loads through webpack's css-loader: the form kit's CSS Modules
// (class names scoped per app at build time) and the toast styles, on demand.
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
