import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import {
  errorMessage,
  formatAppointmentTime,
  MESSAGES,
  RATING_COMMENT_MAX,
  RATING_MAX,
  rateAppointment,
  validateRating,
  validateRatingComment,
  type Appointment,
} from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { dialogStyles, FormAlert, formStyles } from '@carebook/shared/forms';
import styles from './rate-dialog.module.css';

export interface RateDialogProps {
  appointment: Appointment;
  onClose: () => void;
  /** Called after the server accepted the rating. */
  onRated: () => void;
}

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** A modal form: 1-5 stars and an optional comment for a completed visit. Escape or "Not now" closes it. */
export function RateDialog({ appointment, onClose, onRated }: RateDialogProps): ReactNode {
  const { api } = useApp();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Tab stays inside: the star group (one tab stop) is first, the last enabled button is last.
    const radios = Array.from(form.current?.querySelectorAll<HTMLInputElement>('input[name="stars"]') ?? []);
    const buttons = Array.from(form.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const last = buttons[buttons.length - 1];
    const inStars = radios.some((radio) => radio === document.activeElement);
    if (event.shiftKey && inStars) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      (radios.find((radio) => radio.checked) ?? radios[0])?.focus();
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const trimmed = comment.trim();
    const invalid = validateRating(stars) ?? validateRatingComment(trimmed);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setBusy(true);
    try {
      const reply = await rateAppointment(api, { appointmentId: appointment._id, rating: stars as number, comment: trimmed || undefined });
      toast.success(reply.message || MESSAGES.ratingThanks);
      onRated();
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.unexpectedError));
      setBusy(false);
    }
  }

  const left = RATING_COMMENT_MAX - [...comment].length;
  return (
    <div className={dialogStyles.backdrop}>
      <form
        ref={form}
        className={`${dialogStyles.dialog} ${dialogStyles.stackWhenNarrow}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="rate-title"
        aria-describedby="rate-visit"
        onKeyDown={onKeyDown}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <h2 id="rate-title">Rate your visit</h2>
        <p id="rate-visit">{`${appointment.docData.name}, ${formatAppointmentTime(appointment.slotDate, appointment.slotTime)}`}</p>
        <fieldset className={styles.stars}>
          <legend>Your rating</legend>
          {STARS.map((value) => (
            <label key={value} className={stars !== null && value <= stars ? styles.on : styles.off}>
              <input type="radio" name="stars" value={value} checked={stars === value} onChange={() => setStars(value)} />
              <span aria-hidden="true">★</span>
              <span className={styles.hidden}>{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
        </fieldset>
        <div className={formStyles.field}>
          <label htmlFor="rate-comment">Comment (optional)</label>
          <textarea
            id="rate-comment"
            className={formStyles.input}
            rows={4}
            maxLength={RATING_COMMENT_MAX}
            value={comment}
            aria-describedby="rate-left"
            onChange={(event) => setComment(event.target.value)}
          />
          <p id="rate-left" className={styles.left}>{`${left} characters left`}</p>
        </div>
        <FormAlert message={problem} />
        <div className={dialogStyles.actions}>
          <button type="button" className={formStyles.secondary} onClick={onClose} disabled={busy}>
            Not now
          </button>
          <button type="submit" className={formStyles.primary} disabled={busy}>
            {busy ? 'Sending…' : 'Submit rating'}
          </button>
        </div>
      </form>
    </div>
  );
}
