import { useRef, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { DOCTOR_LIMITS, LIMITS, SPECIALIZATIONS, type Doctor } from '@carebook/shared';
import { FormAlert, SelectField, SubmitButton, TextAreaField, TextField } from '@carebook/shared/forms';
import { PhotoField } from './photo-field';
import { useDoctorForm, type FocusTarget } from './use-doctor-form';
import styles from './doctor-form.module.css';

const SPECIALIZATION_OPTIONS = [
  { value: '', label: 'Choose a specialization' },
  ...SPECIALIZATIONS.map((name) => ({ value: name, label: name })),
];

/** Add (doctor `null`) or edit one doctor; photo, text fields, fee. */
export function DoctorForm({ doctor }: { doctor: Doctor | null }): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const focus = (target: FocusTarget): void => form.current?.querySelector<HTMLElement>(`#doctor-${target}`)?.focus();
  const { values, errors, photo, photoError, failure, saving, change, choosePhoto, submit } = useDoctorForm({ doctor, focus });
  const field = (name: keyof typeof values) => ({
    id: `doctor-${name}`,
    value: values[name],
    onValueChange: (value: string) => change(name, value),
    error: errors[name],
  });

  return (
    <form ref={form} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={doctor ? `Edit ${doctor.name}` : 'New doctor'}>
      <PhotoField current={doctor?.image ?? ''} chosen={photo} error={photoError} onChoose={choosePhoto} />
      <div className={styles.grid}>
        <TextField {...field('name')} label="Full name" autoComplete="off" maxLength={LIMITS.nameMax} />
        <SelectField {...field('specialization')} label="Specialization" options={SPECIALIZATION_OPTIONS} />
        <TextField {...field('degree')} label="Degree (optional)" maxLength={DOCTOR_LIMITS.degreeMax} />
        <TextField {...field('experience')} label="Experience (optional)" placeholder="e.g. 4 Years" maxLength={DOCTOR_LIMITS.experienceMax} />
        <TextField {...field('fees')} label="Fee in dollars" inputMode="numeric" maxLength={6} />
        <TextField {...field('location')} label="Location (optional)" placeholder="e.g. Riverside Clinic" maxLength={DOCTOR_LIMITS.locationMax} />
        <TextField {...field('line1')} label="Address line 1 (optional)" maxLength={LIMITS.addressLineMax} />
        <TextField {...field('line2')} label="Address line 2 (optional)" maxLength={LIMITS.addressLineMax} />
        <div className={styles.wide}>
          <TextAreaField {...field('about')} label="About (optional)" rows={5} maxLength={DOCTOR_LIMITS.aboutMax} />
        </div>
      </div>
      <FormAlert message={failure} />
      <div className={styles.buttons}>
        <SubmitButton busy={saving} busyLabel="Saving...">
          {doctor ? 'Save changes' : 'Add doctor'}
        </SubmitButton>
        <Link className={styles.back} to="/doctors">
          Cancel
        </Link>
      </div>
    </form>
  );
}
