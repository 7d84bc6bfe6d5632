import { useRef, type ReactNode } from 'react';
import { GENDERS, LIMITS, type UserProfile } from '@carebook/shared';
import { formStyles, TextField, useFieldTakeover } from '@carebook/shared/forms';
import { PhotoField } from './photo-field';
import { useProfileForm, type ProfileField } from './use-profile-form';
import styles from './my-profile-page.module.css';

/** Edit mode of My Profile. The email is shown but not editable. */
export function ProfileForm({ user, onDone }: { user: UserProfile; onDone: () => void }): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const focusField = (field: ProfileField): void => {
    form.current?.querySelector<HTMLElement>(`#profile-${field}`)?.focus();
  };
  const { values, photo, errors, saving, change, choosePhoto, save } = useProfileForm(user, onDone, focusField);
  const gender = useFieldTakeover<HTMLSelectElement>(values.gender, (value) => change('gender', value));

  return (
    <form method="post" ref={form} className={styles.card} onSubmit={(event) => void save(event)} noValidate>
      <PhotoField
        id="profile-photo"
        name={values.name || user.name}
        current={user.image}
        chosen={photo}
        error={errors.photo}
        onChoose={choosePhoto}
      />
      <TextField id="profile-name" label="Name" autoComplete="name" maxLength={LIMITS.nameMax} value={values.name} onValueChange={(value) => change('name', value)} error={errors.name} />
      <div className={formStyles.field}>
        <label htmlFor="profile-email">Email</label>
        <input id="profile-email" className={`${formStyles.input} ${styles.readOnly}`} type="email" value={user.email} readOnly />
      </div>
      <TextField id="profile-phone" label="Phone" type="tel" autoComplete="tel" maxLength={LIMITS.phoneMax} value={values.phone} onValueChange={(value) => change('phone', value)} error={errors.phone} />
      <TextField id="profile-line1" label="Address line 1" autoComplete="address-line1" maxLength={LIMITS.addressLineMax} value={values.line1} onValueChange={(value) => change('line1', value)} error={errors.line1} />
      <TextField id="profile-line2" label="Address line 2" autoComplete="address-line2" maxLength={LIMITS.addressLineMax} value={values.line2} onValueChange={(value) => change('line2', value)} error={errors.line2} />
      <div className={formStyles.field}>
        <label htmlFor="profile-gender">Gender</label>
        <select
          id="profile-gender"
          ref={gender}
          className={formStyles.input}
          value={values.gender}
          onChange={(event) => change('gender', event.target.value)}
          aria-invalid={errors.gender ? true : undefined}
          aria-describedby={errors.gender ? 'profile-gender-error' : undefined}
        >
          <option value="">Not specified</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {gender}
            </option>
          ))}
        </select>
        {errors.gender && (
          <p id="profile-gender-error" className={formStyles.error}>
            {errors.gender}
          </p>
        )}
      </div>
      <TextField id="profile-dob" label="Date of birth" type="date" autoComplete="bday" value={values.dob} onValueChange={(value) => change('dob', value)} error={errors.dob} />
      <div className={styles.actions}>
        <button type="submit" className={formStyles.primary} disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={formStyles.secondary} onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
