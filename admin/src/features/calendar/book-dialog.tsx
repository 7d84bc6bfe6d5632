import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { ApiError, createActionKeys, errorMessage, formatAppointmentTime, MESSAGES, type Doctor } from '@carebook/shared';
import { FormAlert, formStyles, TextField } from '@carebook/shared/forms';
import { searchPatients, staffBookAppointment, type PatientMatch } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';
import { DeskDialog } from './desk-dialog';
import styles from './calendar.module.css';

export interface BookDialogProps {
  doctor: Doctor;
  slotDate: string;
  slotTime: string;
  onClose: () => void;
  /** After a booking: the calendar asks for the lists again at once. */
  onBooked: () => void;
}

/** The API's refusal when the patient already holds the most upcoming visits (the reason field then opens). */
const OVER_CAP = /^The patient already holds/;

/**
 * Books a caller into a free time: find them by name, email or phone, or enter a new patient
 * (name, email, phone), who gets an account and an email to choose a password. Over the
 * per-patient limit the API refuses until a reason is given, which the audit trail keeps.
 */
export function BookDialog({ doctor, slotDate, slotTime, onClose, onBooked }: BookDialogProps): ReactNode {
  const { api } = useAdminSession();
  const keys = useMemo(() => createActionKeys(), []);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<PatientMatch[] | null>(null);
  const [chosen, setChosen] = useState<PatientMatch | null>(null);
  const [mode, setMode] = useState<'find' | 'new'>('find');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [needsReason, setNeedsReason] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const text = query.trim();
    if (mode !== 'find' || text.length < 2) {
      setMatches(null);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      searchPatients(api, text).then(
        (found) => live && setMatches(found),
        (error: unknown) => live && setProblem(errorMessage(error, MESSAGES.unexpectedError)),
      );
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, query, mode]);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const patient = mode === 'find' ? (chosen ? { email: chosen.email } : null) : { email: email.trim(), name: name.trim(), phone: phone.trim() };
    if (!patient) {
      setProblem('Choose the patient from the search results, or enter a new patient.');
      return;
    }
    const body = { docId: doctor._id, slotDate, slotTime, patient, ...(needsReason && reason.trim() ? { overCapReason: reason.trim() } : {}) };
    const action = JSON.stringify(body);
    setBusy(true);
    setProblem(null);
    try {
      const reply = await staffBookAppointment(api, body, keys.keyFor(action));
      keys.done(action);
      toast.success(reply.message);
      onBooked();
      onClose();
    } catch (error) {
      const message = errorMessage(error, MESSAGES.unexpectedError);
      if (error instanceof ApiError && error.status === 409 && OVER_CAP.test(message)) setNeedsReason(true);
      setProblem(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DeskDialog title="Book a visit" onClose={onClose} busy={busy}>
      <p className={styles.dialogLead}>
        {doctor.name}, {formatAppointmentTime(slotDate, slotTime)}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.choice}>
          <legend>Patient</legend>
          <label>
            <input type="radio" name="patient-mode" checked={mode === 'find'} onChange={() => setMode('find')} /> Has an account
          </label>
          <label>
            <input type="radio" name="patient-mode" checked={mode === 'new'} onChange={() => setMode('new')} /> New patient
          </label>
        </fieldset>
        {mode === 'find' ? (
          <>
            <TextField
              id="patient-search"
              label="Find by name, email or phone"
              value={query}
              onValueChange={(value) => {
                setQuery(value);
                setChosen(null);
              }}
              autoComplete="off"
            />
            {matches && (
              <div className={styles.matches} role="group" aria-label="Patients found">
                {matches.length === 0 && <p>No patient matches. Check the spelling, or enter a new patient.</p>}
                {matches.map((match) => (
                  <label key={match._id} className={styles.match}>
                    <input type="radio" name="patient-match" checked={chosen?._id === match._id} onChange={() => setChosen(match)} />
                    <span>
                      <strong>{match.name}</strong> {match.email}
                      {match.phone ? `, ${match.phone}` : ''}
                    </span>
                  </label>
                ))}
              </div>
            )}
          </>
        ) : (
          <>
            <TextField id="new-name" label="Name" value={name} onValueChange={setName} autoComplete="off" required />
            <TextField id="new-email" label="Email" type="email" value={email} onValueChange={setEmail} autoComplete="off" required />
            <TextField id="new-phone" label="Phone (optional)" type="tel" value={phone} onValueChange={setPhone} autoComplete="off" />
            <p className={formStyles.hint}>The patient gets an email to choose a password, and one with the visit.</p>
          </>
        )}
        {needsReason && (
          <TextField id="over-cap-reason" label="Reason to book over the limit" value={reason} onValueChange={setReason} maxLength={200} />
        )}
        <FormAlert message={problem ?? ''} />
        <div className={styles.dialogActions}>
          <button type="button" className={formStyles.secondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={formStyles.primary} disabled={busy}>
            {busy ? 'Booking...' : 'Book'}
          </button>
        </div>
      </form>
    </DeskDialog>
  );
}
