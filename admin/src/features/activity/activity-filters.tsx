import type { ReactNode } from 'react';
import type { Doctor } from '@carebook/shared';
import { formStyles, SelectField, TextField } from '@carebook/shared/forms';
import { ACTION_LABELS } from './describe-entry';
import styles from './activity.module.css';

export interface ActivityFilters {
  patientId: string;
  doctor: string;
  action: string;
  /** `YYYY-MM-DD` (clinic calendar) or empty. */
  day: string;
}

export const NO_FILTERS: ActivityFilters = { patientId: '', doctor: '', action: '', day: '' };

const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label: `${value} (${label})` })),
];

/** Patient, doctor, action and day; each change applies at once and lands in the URL. */
export function ActivityFiltersBar(props: { filters: ActivityFilters; doctors: Doctor[]; onChange: (filters: ActivityFilters) => void }): ReactNode {
  const { filters, doctors, onChange } = props;
  const doctorOptions = [{ value: '', label: 'All doctors' }, ...doctors.map((doctor) => ({ value: doctor._id, label: doctor.name }))];
  const any = Object.values(filters).some((value) => value !== '');
  return (
    <fieldset className={styles.filters}>
      <legend>Show activity</legend>
      <div className={styles.filterGrid}>
        <TextField id="activity-patient" label="Patient id" value={filters.patientId} onValueChange={(patientId) => onChange({ ...filters, patientId: patientId.trim() })} />
        <SelectField id="activity-doctor" label="Doctor" value={filters.doctor} options={doctorOptions} onValueChange={(doctor) => onChange({ ...filters, doctor })} />
        <SelectField id="activity-action" label="Action" value={filters.action} options={ACTION_OPTIONS} onValueChange={(action) => onChange({ ...filters, action })} />
        <TextField id="activity-day" label="Day" type="date" value={filters.day} onValueChange={(day) => onChange({ ...filters, day })} />
        <div className={styles.clear}>
          <button type="button" className={formStyles.secondary} disabled={!any} onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </button>
        </div>
      </div>
    </fieldset>
  );
}
