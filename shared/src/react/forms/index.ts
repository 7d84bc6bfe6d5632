/**
 * `@carebook/shared/forms`: the form kit of the account remote and the admin app (labelled text
 * field, confirm dialog, form and dialog styles). A package entry of its own, not part of
 * `@carebook/shared/react`: that one is a Module Federation singleton, and a shared module is
 * bundled whole (no tree-shaking) and provided by the host on every first visit. The kit holds no
 * state, so each app that uses it bundles what it uses, its classes scoped by the app's own prefix.
 */
export { ConfirmDialog, type ConfirmDialogActionsLayout, type ConfirmDialogProps } from './confirm-dialog';
export { dialogStyles, formStyles } from './styles';
export { TextField, type TextFieldProps } from './text-field';
