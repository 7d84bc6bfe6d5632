import { useRef, type ReactNode } from 'react';
import { MESSAGES } from '@carebook/shared';
import { useFieldTakeover } from '@carebook/shared/forms';
import { OfficeCard } from './office-card';
import { CONTACT_FIELDS, useContactForm, type ContactField } from './use-contact-form';
import styles from './contact-page.module.css';

const LABELS: Record<ContactField, string> = {
  name: 'Your name',
  email: 'Email address',
  subject: 'Subject',
  message: 'Message',
};

interface ContactInputProps {
  field: ContactField;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

/** One field of the message, labelled, its error announced with it; what was typed before the app arrived is kept. */
function ContactInput({ field, value, error, onValueChange }: ContactInputProps): ReactNode {
  const control = useFieldTakeover<HTMLInputElement & HTMLTextAreaElement>(value, onValueChange);
  const errorId = `contact-${field}-error`;
  const common = {
    id: `contact-${field}`,
    name: field,
    value,
    required: true,
    ref: control,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
  };
  return (
    <div className={styles.field}>
      <label htmlFor={`contact-${field}`}>{LABELS[field]}</label>
      {field === 'message' ? (
        <textarea {...common} rows={5} maxLength={2000} />
      ) : (
        <input {...common} type={field === 'email' ? 'email' : 'text'} maxLength={200} />
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export default function ContactPage(): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const { values, errors, sent, change, submit } = useContactForm((first) => {
    form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  });

  return (
    <article className={styles.page} aria-labelledby="contact-title">
      <header>
        <h1 id="contact-title">Contact us</h1>
        <p className={styles.lead}>Questions about a booking or about joining as a clinic? Write to us.</p>
      </header>
      <div className={styles.columns}>
        <section aria-labelledby="office-title" className={styles.info}>
          <h2 id="office-title">Our office</h2>
          <address>
            100 Placeholder Avenue, Suite 200
            <br />
            Springfield, 00000
          </address>
          <p>
            Phone: +1 (555) 010-2040
            <br />
            Email: hello@carebook.example
          </p>
          <p>Monday to Friday, 9:00 AM to 6:00 PM</p>
          <OfficeCard />
        </section>
        <section aria-labelledby="form-title" className={styles.formCard}>
          <h2 id="form-title">Send a message</h2>
          <form method="post" ref={form} onSubmit={submit} noValidate>
            {CONTACT_FIELDS.map((field) => (
              <ContactInput key={field} field={field} value={values[field]} error={errors[field]} onValueChange={(value) => change(field, value)} />
            ))}
            <button type="submit" className={styles.submit} disabled={sent}>
              Send message
            </button>
            <p role="status" className={styles.thanks}>
              {sent ? MESSAGES.contactThanks : ''}
            </p>
          </form>
        </section>
      </div>
    </article>
  );
}
