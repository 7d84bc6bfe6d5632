// What webpack (DefinePlugin, css-loader) gives every front-end app; included by each app tsconfig.
declare namespace NodeJS {
  interface ProcessEnv {
    API_URL: string;
    ADMIN_URL: string;
  }
}
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
