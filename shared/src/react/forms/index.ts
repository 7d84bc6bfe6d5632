/**
 * `@carebook/shared/forms`: the form kit of the account remote and the admin app (labelled text,
 * password, multi-line and select fields, the failure line, the submit button, confirm dialog,
 * form, card and dialog styles). An entry of its own, not part of `@carebook/shared/react`: that
 * one is a Module Federation singleton, and a shared module is bundled whole (no tree-shaking) and
 * provided by the host on every first visit. The kit holds no state, so each app that uses it
 * bundles what it uses, its classes scoped by the app's own prefix.
 */
export { ConfirmDialog, type ConfirmDialogActionsLayout, type ConfirmDialogProps } from './confirm-dialog';
export { ANY_TIME, EarlierTimeNarrowing, type EarlierTimeNarrowingProps, type Narrowing, narrowingRequest } from './earlier-time-narrowing';
export { cardStyles, dialogStyles, formStyles } from './styles';
export { FormAlert, type FormAlertProps } from './form-alert';
export { LabelledField, type FieldControlProps, type LabelledFieldProps } from './labelled-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { SelectField, type SelectFieldProps } from './select-field';
export { SubmitButton, type SubmitButtonProps } from './submit-button';
export { TextAreaField, type TextAreaFieldProps } from './text-area-field';
export { TextField, type TextFieldProps } from './text-field';
export { useFieldTakeover } from './use-field-takeover';
