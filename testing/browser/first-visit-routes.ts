/** The routes whose first visit is weighed (bench) and held to the JS budget (test). */
export const FIRST_VISIT_ROUTES = ['/', '/doctors', '/appointment/doc01', '/login', '/my-appointments', '/about', '/contact'];

/** Gzip JS a first visit to any route may download (docs/architecture.md, "First view"). */
export const FIRST_VISIT_JS_BUDGET = 150 * 1024;
