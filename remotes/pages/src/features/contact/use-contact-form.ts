import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES, validateEmail } from '@carebook/shared';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** How long the thank-you note stays before the form clears (docs/product.md, "Fixed numbers"). */
export const THANK_YOU_MS = 3000;

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };

function validate(values: ContactValues): Partial<ContactValues> {
  const errors: Partial<ContactValues> = {};
  for (const field of CONTACT_FIELDS) {
    if (!values[field].trim()) errors[field] = MESSAGES.requiredField;
  }
  if (!errors.email) {
    const emailError = validateEmail(values.email);
    if (emailError) errors.email = emailError;
  }
  return errors;
}

/**
 * The contact form: every field required, nothing sent over the network (the message is only
 * logged locally; there is no contact service yet), a thank-you for three seconds, then a clean form.
 */
export function useContactForm(onInvalid: (first: ContactField) => void) {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<ContactValues>>({});
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => {
      setSent(false);
      setValues(EMPTY);
    }, THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const change = (field: ContactField, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) {
      onInvalid(first);
      return;
    }
    console.info('Contact message kept on this device (no server call):', values);
    setSent(true);
  };

  return { values, errors, sent, change, submit };
}
