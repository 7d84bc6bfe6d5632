import type { ReactNode } from 'react';
import type { Doctor } from '@carebook/shared';
import { SelectField, TextField } from '@carebook/shared/forms';
import type { AppointmentStatus } from '../../api/admin-api';
import { FilterPanel } from '../../components/filter-panel';

export interface Filters {
  doctor: string;
  /** `YYYY-MM-DD` or empty. */
  date: string;
  status: AppointmentStatus | '';
}

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

interface AppointmentFiltersProps {
  filters: Filters;
  doctors: Doctor[];
  onChange: (filters: Filters) => void;
}

/** Doctor, day and status; each change applies at once (and lands in the URL, so it can be shared). */
export function AppointmentFilters({ filters, doctors, onChange }: AppointmentFiltersProps): ReactNode {
  const doctorOptions = [{ value: '', label: 'All doctors' }, ...doctors.map((doctor) => ({ value: doctor._id, label: doctor.name }))];
  const any = filters.doctor !== '' || filters.date !== '' || filters.status !== '';
  return (
    <FilterPanel legend="Show appointments" canClear={any} onClear={() => onChange({ doctor: '', date: '', status: '' })}>
      <SelectField
        id="filter-doctor"
        label="Doctor"
        value={filters.doctor}
        options={doctorOptions}
        onValueChange={(doctor) => onChange({ ...filters, doctor })}
      />
      <TextField id="filter-date" label="Day" type="date" value={filters.date} onValueChange={(date) => onChange({ ...filters, date })} />
      <SelectField
        id="filter-status"
        label="Status"
        value={filters.status}
        options={STATUS_OPTIONS}
        onValueChange={(status) => onChange({ ...filters, status: status as Filters['status'] })}
      />
    </FilterPanel>
  );
}
