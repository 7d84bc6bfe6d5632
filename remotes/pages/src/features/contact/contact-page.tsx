import { useRef, type ReactNode } from 'react';
import { MESSAGES } from '@carebook/shared';
import { OfficeCard } from './office-card';
import { CONTACT_FIELDS, useContactForm, type ContactField } from './use-contact-form';
import styles from './contact-page.module.css';

const LABELS: Record<ContactField, string> = {
  name: 'Your name',
  email: 'Email address',
  subject: 'Subject',
  message: 'Message',
};

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
            {CONTACT_FIELDS.map((field) => {
              const error = errors[field];
              const errorId = `contact-${field}-error`;
              const common = {
                id: `contact-${field}`,
                name: field,
                value: values[field],
                required: true,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
                onChange: (event: { target: { value: string } }) => change(field, event.target.value),
              };
              return (
                <div key={field} className={styles.field}>
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
            })}
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
