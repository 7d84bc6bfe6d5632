import type { ReactNode } from 'react';
import type { Doctor } from '@carebook/shared';
import { SelectField, TextField } from '@carebook/shared/forms';
import { FilterPanel } from '../../components/filter-panel';
import { ACTION_LABELS } from './describe-entry';

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
    <FilterPanel legend="Show activity" canClear={any} onClear={() => onChange(NO_FILTERS)}>
      <TextField id="activity-patient" label="Patient id" value={filters.patientId} onValueChange={(patientId) => onChange({ ...filters, patientId: patientId.trim() })} />
      <SelectField id="activity-doctor" label="Doctor" value={filters.doctor} options={doctorOptions} onValueChange={(doctor) => onChange({ ...filters, doctor })} />
      <SelectField id="activity-action" label="Action" value={filters.action} options={ACTION_OPTIONS} onValueChange={(action) => onChange({ ...filters, action })} />
      <TextField id="activity-day" label="Day" type="date" value={filters.day} onValueChange={(day) => onChange({ ...filters, day })} />
    </FilterPanel>
  );
}
