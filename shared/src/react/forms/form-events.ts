/**
 * The event a form gets when the app has taken it over: its fields are the app's, and so is its
 * submission. The kit's fields dispatch it as they mount (`useFieldTakeover`); the host's
 * `main.js` holds a submission made before it and sends it again on it
 * (`host/src/remotes/early-submit.ts`). An entry of its own (`@carebook/shared/form-events`), so
 * `main.js` takes nothing else of the kit.
 */
export const FORM_TAKEN_OVER_EVENT = 'carebook:form-taken-over';
