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
