// Style sheets the React layer loads through webpack's css-loader (the toast styles, on demand).
declare module '*.css';
